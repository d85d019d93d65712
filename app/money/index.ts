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
  applyBasisPoints,
  assertScale,
  divideRounded,
  rescaleSubunits,
  type RoundingMode,
} from "./rounding";
