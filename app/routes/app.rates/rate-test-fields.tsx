// The rate tester's two cards: the destination and the cart. Field names as rate-test-form.ts
// reads them; every value typed stays in the page's state, so an error loses nothing.
import {
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { NumberField } from "~/components/number-field";
import type { NumberFieldSpec } from "~/forms/number-input";
import { describeNumberError } from "~/forms/number-messages";
import type { Translator } from "~/i18n/locale";
import { useI18n } from "~/i18n/react";
import { MAX_LINES, TESTER_FIELDS, type RateTestError, type RateTestValues } from "./rate-test-values";

type Errors = Record<string, RateTestError>;

// A field's error in the page's language: a catalogue sentence, or a refused number with its range.
function wordError(
  error: RateTestError | undefined,
  { messages }: Translator,
  number?: { spec: NumberFieldSpec; text: string },
): string | undefined {
  if (error === undefined) return undefined;
  if (typeof error === "string") return messages.rates.errors[error];
  return number ? describeNumberError({ code: error.number }, number.spec, number.text, messages.numbers) : undefined;
}

export function DestinationCard({
  values,
  errors,
  states,
}: {
  values: RateTestValues;
  errors: Errors;
  states: { code: string; name: string }[];
}) {
  const i18n = useI18n();
  const m = i18n.messages.rates;
  const [form, setForm] = useState(values);
  const error = (name: string) => wordError(errors[name], i18n);
  const text = (name: "postalCode" | "city" | "address1" | "address2", label: string, helpText?: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete="off"
      value={form[name]}
      onChange={(value) => setForm({ ...form, [name]: value })}
      error={error(name)}
      helpText={helpText}
      inputMode={name === "postalCode" ? "numeric" : undefined}
      maxLength={name === "postalCode" ? 5 : undefined}
    />
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {m.destination}
        </Text>
        <FormLayout>
          <FormLayout.Group condensed>
            {text("postalCode", m.postalCode)}
            <Select
              label={m.state}
              name="province"
              options={[{ label: m.chooseState, value: "" }, ...states.map((s) => ({ label: s.name, value: s.code }))]}
              value={form.province}
              onChange={(province) => setForm({ ...form, province })}
              error={error("province")}
            />
          </FormLayout.Group>
          {text("city", m.city)}
          {text("address1", m.address1, m.optional)}
          {text("address2", m.address2, m.optional)}
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

export function CartCard({
  values,
  errors,
  variants,
}: {
  values: RateTestValues;
  errors: Errors;
  variants: { variantId: string; sku: string; title: string; registered: boolean }[];
}) {
  const i18n = useI18n();
  const { format } = i18n;
  const m = i18n.messages.rates;
  const [lines, setLines] = useState(values.lines.length ? values.lines : [{ variantId: "", quantity: "1" }]);
  const [subtotal, setSubtotal] = useState(values.subtotal);
  const sent = (name: string, text: string, spec: NumberFieldSpec) => wordError(errors[name], i18n, { spec, text });
  const options = [
    { label: m.chooseProduct, value: "" },
    ...variants.map((v) => ({
      label: `${v.title} · ${v.sku}${v.registered ? "" : ` (${m.unregistered})`}`,
      value: v.variantId,
    })),
  ];
  const setLine = (i: number, change: Partial<(typeof lines)[number]>) =>
    setLines(lines.map((line, j) => (j === i ? { ...line, ...change } : line)));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {m.cart}
        </Text>
        <FormLayout>
          {lines.map((line, i) => (
            // Lines have no identity of their own; the index is their order in the form.
            <InlineGrid key={i} columns={["twoThirds", "oneThird"]} gap="300">
              <Select
                label={format(m.product, { n: i + 1 })}
                name="variantId"
                options={options}
                value={line.variantId}
                onChange={(variantId) => setLine(i, { variantId })}
                error={wordError(errors[`variant_${i}`], i18n)}
              />
              <NumberField
                spec={TESTER_FIELDS.quantity}
                label={format(m.quantity, { n: i + 1 })}
                name="quantity"
                value={line.quantity}
                onChange={(quantity) => setLine(i, { quantity })}
                error={sent(`quantity_${i}`, values.lines[i]?.quantity ?? "", TESTER_FIELDS.quantity)}
                connectedRight={
                  lines.length > 1 ? (
                    <Button
                      accessibilityLabel={format(m.removeLine, { n: i + 1 })}
                      onClick={() => setLines(lines.filter((_, j) => j !== i))}
                    >
                      ×
                    </Button>
                  ) : undefined
                }
              />
            </InlineGrid>
          ))}
          {errors.cart ? (
            <Text as="p" tone="critical">
              {wordError(errors.cart, i18n)}
            </Text>
          ) : null}
          <InlineStack>
            <Button
              disabled={lines.length >= MAX_LINES}
              onClick={() => setLines([...lines, { variantId: "", quantity: "1" }])}
            >
              {m.addLine}
            </Button>
          </InlineStack>
          <NumberField
            spec={TESTER_FIELDS.subtotal}
            label={m.subtotal}
            name="subtotal"
            prefix="$"
            suffix="MXN"
            value={subtotal}
            onChange={setSubtotal}
            error={sent("subtotal", values.subtotal, TESTER_FIELDS.subtotal)}
            helpText={m.subtotalHelp}
          />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
