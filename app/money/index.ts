export {
  InvalidDecimalError,
  formatSubunits,
  isDecimalText,
  parseDecimalToSafeSubunits,
  parseDecimalToSubunits,
  subunitsToSafeNumber,
} from "./decimal";
export {
  ROUNDING_MODES,
  assertScale,
  divideRounded,
  type RoundingMode,
} from "./rounding";
