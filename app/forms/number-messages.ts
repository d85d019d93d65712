/**
 * Words for number fields, from the `numbers` part of a catalogue: the range a field states next
 * to it, and the sentence for a refused value (with an example of what it accepts).
 */
import type { Messages } from "~/i18n/messages.es";
import { formatNumberInput, type NumberFieldSpec, type NumberInputError } from "./number-input";

type NumberMessages = Messages["numbers"];

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A value of the field as the page writes it: "$1,250.50", "10.50 %", "1,440 minutos". */
function formatFieldValue(subunits: number, spec: NumberFieldSpec, m: NumberMessages): string {
  const value = formatNumberInput(subunits, spec.scale);
  if (spec.kind === "money")
    return subunits < 0 ? `-${fill(m.money, { value: value.slice(1) })}` : fill(m.money, { value });
  if (spec.kind === "percent") return fill(m.percent, { value });
  if (!spec.unit) return value;
  return fill(m.count, { value, unit: (subunits === 10 ** spec.scale ? m.unitsOne : m.units)[spec.unit] });
}

/** The range stated next to the field: "Entre $0.00 y $100,000.00." */
export function describeRange(spec: NumberFieldSpec, m: NumberMessages): string {
  return fill(spec.optional ? m.rangeOptional : m.range, {
    min: formatFieldValue(spec.min, spec, m),
    max: formatFieldValue(spec.max, spec, m),
  });
}

// A value inside the range, written as the field accepts it, to show what can be typed.
function example(spec: NumberFieldSpec): string {
  const preferred = spec.kind === "money" ? 125_050 : spec.kind === "percent" ? 1_050 : 30;
  return formatNumberInput(Math.min(spec.max, Math.max(spec.min, preferred)), spec.scale);
}

/** The sentence for a refused value, naming the range or an example of what is accepted. */
export function describeNumberError(
  error: NumberInputError,
  spec: NumberFieldSpec,
  text: string,
  m: NumberMessages,
): string {
  return fill(m.errors[error.code], {
    min: formatFieldValue(spec.min, spec, m),
    max: formatFieldValue(spec.max, spec, m),
    example: example(spec),
    text: text.trim().slice(0, 40),
  });
}
