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
import { useI18n } from "~/i18n/react";
import { MAX_LINES, type RateTestErrorKey, type RateTestValues } from "./rate-test-values";

type Errors = Record<string, RateTestErrorKey>;

export function DestinationCard({
  values,
  errors,
  states,
}: {
  values: RateTestValues;
  errors: Errors;
  states: { code: string; name: string }[];
}) {
  const { messages } = useI18n();
  const m = messages.rates;
  const [form, setForm] = useState(values);
  const error = (name: string) => (errors[name] ? m.errors[errors[name]] : undefined);
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
  const { messages, format } = useI18n();
  const m = messages.rates;
  const [lines, setLines] = useState(values.lines.length ? values.lines : [{ variantId: "", quantity: "1" }]);
  const [subtotal, setSubtotal] = useState(values.subtotal);
  const error = (name: string) => (errors[name] ? m.errors[errors[name]] : undefined);
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
                error={error(`variant_${i}`)}
              />
              <TextField
                label={format(m.quantity, { n: i + 1 })}
                name="quantity"
                // No min/max: the browser would block the submit with its own bubble; the server
                // answers next to the field in the merchant's language instead.
                type="number"
                autoComplete="off"
                value={line.quantity}
                onChange={(quantity) => setLine(i, { quantity })}
                error={error(`quantity_${i}`)}
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
              {m.errors[errors.cart]}
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
          <TextField
            label={m.subtotal}
            name="subtotal"
            prefix="$"
            suffix="MXN"
            inputMode="decimal"
            autoComplete="off"
            value={subtotal}
            onChange={setSubtotal}
            error={error("subtotal")}
            helpText={m.subtotalHelp}
          />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
