import type { z } from "zod";
import { SvcInvalidRequestError } from "./errors";

/** A value that does not match a wire schema: the first offending field and what is wrong with it. */
export class WireShapeError extends Error {
  constructor(
    readonly field: string,
    readonly issue: string,
  ) {
    super(`${field}: ${issue}`);
    this.name = "WireShapeError";
  }
}

/** Writes a zod issue path the way a reader of the JSON would: `services[0].totalPricing`. */
function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "(body)";
}

/** Parses `value` with `schema`, keeping unknown fields; throws WireShapeError naming the first bad field. */
export function parseWire<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [first] = result.error.issues;
  throw new WireShapeError(formatFieldPath(first?.path ?? []), first?.message ?? "invalid");
}

/** Checks a caller's parameters before anything is sent; throws SvcInvalidRequestError naming the field. */
export function parseParams<S extends z.ZodType>(endpoint: string, schema: S, value: unknown): z.output<S> {
  try {
    return parseWire(schema, value);
  } catch (error) {
    if (!(error instanceof WireShapeError)) throw error;
    throw new SvcInvalidRequestError({
      endpoint,
      field: error.field,
      message: `${endpoint}: invalid request at ${error.field}: ${error.issue}`,
    });
  }
}
