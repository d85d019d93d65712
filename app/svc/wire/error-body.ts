import { z } from "zod";

/**
 * The service's common error body `{ error, code, path }`. Parsed leniently: the contract shows a
 * 409 with an empty object, and proxies in front of the service may answer with anything.
 */
export const errorBodySchema = z.looseObject({
  error: z.string().optional(),
  code: z.string().optional(),
  path: z.string().optional(),
});

