import type { z } from "zod";
import { toJsonPath } from "./json-path";
import { validationError } from "./sandbox-error";

/**
 * Parses a request body with a zod schema; the first problem becomes a 400 whose `path` names
 * the offending field, so a client can show the merchant which product or field was wrong.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw validationError("Invalid request body", "$");
  const path = toJsonPath(issue.path);
  const missing = issue.code === "invalid_type" && issue.message.endsWith("received undefined");
  throw validationError(missing ? `Missing required field ${path}` : `${path}: ${issue.message}`, path);
}
