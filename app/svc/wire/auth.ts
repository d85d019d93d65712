import { z } from "zod";

const tokenHolder = z.looseObject({ accessToken: z.string().min(1) });

/**
 * POST /api/rest/auth answer. The contract spells the key `AuthWithAPIkey`; one public client
 * also meets `AuthWithApiKey`, so either is accepted.
 */
export const authResponseSchema = z
  .looseObject({ AuthWithAPIkey: tokenHolder.optional(), AuthWithApiKey: tokenHolder.optional() })
  .superRefine((body, ctx) => {
    if (!body.AuthWithAPIkey && !body.AuthWithApiKey) {
      ctx.addIssue({ code: "custom", path: ["AuthWithAPIkey"], message: "missing: expected { accessToken }" });
    }
  });

/** Reads the access token from a validated auth answer. */
export function accessTokenOf(body: z.output<typeof authResponseSchema>): string {
  const holder = body.AuthWithAPIkey ?? body.AuthWithApiKey;
  if (!holder) throw new TypeError("accessTokenOf: body was not validated");
  return holder.accessToken;
}
