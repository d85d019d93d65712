/**
 * Delivery dates in business days (Monday–Friday) on the Mexico City calendar, formatted as
 * Shopify documents them ("2026-11-24 14:48:45 -0600"). Public holidays are not skipped.
 */

export const MEXICO_CITY = "America/Mexico_City";

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
export function utcOffsetMinutes(instant: number, timeZone: string): number {
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

/** The instant `days` business days after `from`, at the same local time of day. Pure. */
export function addBusinessDays(from: Date, days: number, timeZone = MEXICO_CITY): Date {
  let weekday = new Date(from.getTime() + utcOffsetMinutes(from.getTime(), timeZone) * MINUTE_MS).getUTCDay();
  let calendarDays = 0;
  for (let counted = 0; counted < days;) {
    calendarDays += 1;
    weekday = (weekday + 1) % 7;
    if (weekday !== 0 && weekday !== 6) counted += 1;
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
