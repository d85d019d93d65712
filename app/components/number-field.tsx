// A number field a merchant can't get wrong: plain text (a browser's number field rewrites
// "10,5" into 105 before anyone sees it), the keyboard for digits, and the range it accepts
// stated under it, as the server will check it (app/forms/number-input.ts).
import { TextField } from "@shopify/polaris";
import type { ReactNode } from "react";
import type { NumberFieldSpec } from "~/forms/number-input";
import { describeRange } from "~/forms/number-messages";
import { useI18n } from "~/i18n/react";

export function NumberField({
  spec,
  label,
  name,
  value,
  onChange,
  error,
  helpText,
  prefix,
  suffix,
  connectedRight,
}: {
  spec: NumberFieldSpec;
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  helpText?: string;
  prefix?: string;
  suffix?: string;
  connectedRight?: ReactNode;
}) {
  const { messages } = useI18n();
  const range = describeRange(spec, messages.numbers);
  return (
    <TextField
      label={label}
      name={name}
      type="text"
      inputMode={spec.scale === 0 ? "numeric" : "decimal"}
      autoComplete="off"
      value={value}
      onChange={onChange}
      error={error}
      helpText={helpText ? `${helpText} ${range}` : range}
      prefix={prefix}
      suffix={suffix}
      connectedRight={connectedRight}
    />
  );
}
