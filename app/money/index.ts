export { formatSubunits, isDecimalText, parseDecimalToSubunits } from "./decimal";
export { divideRounded } from "./rounding";
