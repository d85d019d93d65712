export {
  InvalidDecimalError,
  formatSubunits,
  isDecimalText,
  parseDecimalToSafeSubunits,
  parseDecimalToSubunits,
  subunitsToSafeNumber,
} from "./decimal";
export {
  
  
  divideRounded,
  
} from "./rounding";
