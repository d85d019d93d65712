// A list's search: a GET form (role="search") with its field and a visible button, as Pedidos and
// Catálogo show it; the page decides what a submitted search does to its URL.
import { Form } from "@remix-run/react";
import { Button, InlineStack, TextField } from "@shopify/polaris";

export function SearchForm({
  label,
  button,
  value,
  onChange,
  onSearch,
  placeholder,
  error,
  maxLength,
}: {
  label: string;
  button: string;
  value: string;
  onChange(value: string): void;
  onSearch(text: string): void;
  placeholder?: string;
  error?: string;
  maxLength: number;
}) {
  return (
    <Form
      method="get"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
    >
      <InlineStack gap="200" blockAlign="end" wrap={false}>
        <TextField
          label={label}
          name="q"
          value={value}
          onChange={onChange}
          placeholder={placeholder}
          error={error}
          maxLength={maxLength}
          autoComplete="off"
        />
        <Button submit>{button}</Button>
      </InlineStack>
    </Form>
  );
}
