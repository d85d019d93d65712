// How a number field states its range and words a refused value, in English (messages.en.ts `numbers`).
import type { Messages } from "./messages.es";

export const numbersEn: Messages["numbers"] = {
  range: "Between {min} and {max}.",
  rangeOptional: "Optional. Between {min} and {max}.",
  money: "${value}",
  percent: "{value}%",
  count: "{value} {unit}",
  units: { ms: "ms", seconds: "seconds", minutes: "minutes", hours: "hours", days: "days", units: "units" },
  // The unit after exactly 1 («1 unidad», "1 unit"), never «1 unidades».
  unitsOne: { ms: "ms", seconds: "second", minutes: "minute", hours: "hour", days: "day", units: "unit" },
  errors: {
    required: "Enter a number between {min} and {max}.",
    unreadable: "Enter digits only, e.g. {example}.",
    ambiguousComma:
      "“{text}” can't be read without guessing: use a point for decimals and a comma for thousands, e.g. {example}.",
    tooManyDecimals: "Enter up to two decimals, e.g. {example}.",
    wholeNumber: "Enter a whole number, e.g. {example}.",
    outOfRange: "Enter a value between {min} and {max}.",
  },
};
