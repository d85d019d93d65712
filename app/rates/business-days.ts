/**
 * Delivery dates in business days (Monday–Friday, less Mexico's statutory rest days) on the
 * Mexico City calendar, formatted as Shopify documents them ("2026-11-24 14:48:45 -0600").
 */

const MEXICO_CITY = "America/Mexico_City";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
// Offsets change at most on quarter-hour boundaries, so one lookup per quarter hour is exact.
const OFFSET_BUCKET_MS = 15 * MINUTE_MS;
const MAX_MEMO = 10_000;

// Building and running an Intl formatter is slow (tens of µs): it is used only to learn the zone's
// UTC offset, once per zone and quarter hour; the rest is integer arithmetic.
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Minutes to add to UTC to get local time in `timeZone` at `instant` (−360 for Mexico City). */
function utcOffsetMinutes(instant: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant / OFFSET_BUCKET_MS)}`;
  let minutes = offsets.get(key);
  if (minutes === undefined) {
    const name =
      offsetFormatter(timeZone)
        .formatToParts(instant)
        .find((part) => part.type === "timeZoneName")?.value ?? "";
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    if (offsets.size >= MAX_MEMO) offsets.clear();
    offsets.set(key, minutes);
  }
  return minutes;
}

/**
 * Mexico's statutory rest days (Ley Federal del Trabajo, art. 74), when carriers do not deliver:
 * 1 January, the first Monday of February, the third Monday of March, 1 May, 16 September,
 * 1 October of each presidential inauguration year (2024, 2030, …), the third Monday of
 * November and 25 December. `month` is 1–12 and `weekday` 0 (Sunday)–6. Pure.
 * @internal
 */
export function isMexicanRestDay(year: number, month: number, day: number, weekday: number): boolean {
  if (
    (month === 1 && day === 1) ||
    (month === 5 && day === 1) ||
    (month === 9 && day === 16) ||
    (month === 12 && day === 25)
  ) {
    return true;
  }
  if (month === 10 && day === 1 && year >= 2024 && (year - 2024) % 6 === 0) return true;
  if (weekday !== 1) return false;
  return (month === 2 && day <= 7) || ((month === 3 || month === 11) && day >= 15 && day <= 21);
}

/**
 * The most business days a date is computed for: the service's `days` are bounded at its edge
 * (MAX_SERVICE_DAYS, app/svc/wire/quote.ts) and the shop's handling days by its settings, so a
 * delivery date never walks more than about a year and a half of calendar days, on every answer.
 * @internal
 */
export const MAX_BUSINESS_DAYS = 366;

/**
 * The instant `days` business days after `from`, at the same local time of day. Pure; `days` is a
 * whole number from 0 to MAX_BUSINESS_DAYS (a RangeError otherwise: the walk stays bounded).
 */
export function addBusinessDays(from: Date, days: number, timeZone = MEXICO_CITY): Date {
  if (!Number.isInteger(days) || days < 0 || days > MAX_BUSINESS_DAYS) {
    throw new RangeError(`addBusinessDays: days must be a whole number from 0 to ${MAX_BUSINESS_DAYS}, got ${days}`);
  }
  const localMs = from.getTime() + utcOffsetMinutes(from.getTime(), timeZone) * MINUTE_MS;
  let calendarDays = 0;
  for (let counted = 0; counted < days;) {
    calendarDays += 1;
    const local = new Date(localMs + calendarDays * DAY_MS);
    const weekday = local.getUTCDay();
    const working =
      weekday !== 0 &&
      weekday !== 6 &&
      !isMexicanRestDay(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), weekday);
    if (working) counted += 1;
  }
  return new Date(from.getTime() + calendarDays * DAY_MS);
}

/** Formats an instant as Shopify's rate dates: local time in `timeZone` with its UTC offset. Pure. */
export function formatShopifyDate(date: Date, timeZone = MEXICO_CITY): string {
  const offset = utcOffsetMinutes(date.getTime(), timeZone);
  const local = new Date(date.getTime() + offset * MINUTE_MS);
  const two = (n: number) => String(n).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())} ${sign}${two(Math.floor(abs / 60))}${two(abs % 60)}`
  );
}
