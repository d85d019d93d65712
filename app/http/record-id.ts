// The app's records are named by UUIDs; anything else from a form or a URL is the caller's mistake
// (a 400 naming the field), never a database cast error.
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be a record id (a UUID). */
export function isRecordId(value: string): boolean {
  return RECORD_ID.test(value);
}
