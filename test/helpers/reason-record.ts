// Tests that read what the engine decided as its English record (the sentence support and
// Shopify's rejection message get): a value's `reason` code, or a bare reason, as that sentence.
import { reasonRecord, type ReasonMessage } from "~/fulfillment/core/reason-codes";

export function english<T>(value: T): T | (Omit<T, "reason"> & { reason: string }) {
  if (value && typeof value === "object" && "reason" in value && isReason(value.reason))
    return { ...value, reason: reasonRecord(value.reason) };
  return value;
}

/** A bare reason (or null) as its English record. */
export function englishOf(message: ReasonMessage | null): string | null {
  return message ? reasonRecord(message) : null;
}

function isReason(value: unknown): value is ReasonMessage {
  return Boolean(value && typeof value === "object" && "code" in value && "params" in value);
}
