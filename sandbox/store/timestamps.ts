/** GraphQL DateTime values are UTC ISO-8601 without milliseconds, as Shopify returns them. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

// Mexico City has had no daylight saving time since 2022, so a fixed offset is exact.
const MEXICO_CITY_OFFSET_MINUTES = -6 * 60;

/** REST webhook payloads carry shop-local times with an offset, e.g. 2026-11-20T10:15:00-06:00. */
export function isoShopLocal(ms: number): string {
  const local = new Date(ms + MEXICO_CITY_OFFSET_MINUTES * 60_000);
  const stamp = local.toISOString().replace(/\.\d{3}Z$/, "");
  const sign = MEXICO_CITY_OFFSET_MINUTES < 0 ? "-" : "+";
  const abs = Math.abs(MEXICO_CITY_OFFSET_MINUTES);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${stamp}${sign}${hh}:${mm}`;
}
