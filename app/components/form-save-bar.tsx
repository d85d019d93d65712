// Shopify's convention for unsaved changes: App Bridge's contextual save bar, shown while a
// settings form differs from what is saved; its Save submits the form, Discard restores it.
import { SaveBar } from "@shopify/app-bridge-react";
import type { RefObject } from "react";
import { useI18n } from "~/i18n/react";

export function FormSaveBar({
  id,
  dirty,
  saving,
  form,
  onDiscard,
}: {
  id: string;
  dirty: boolean;
  saving: boolean;
  form: RefObject<HTMLFormElement | null>;
  onDiscard(): void;
}) {
  const m = useI18n().messages.saveBar;
  return (
    <SaveBar id={id} open={dirty}>
      <button variant="primary" loading={saving ? "" : undefined} onClick={() => form.current?.requestSubmit()}>
        {m.save}
      </button>
      <button onClick={onDiscard}>{m.discard}</button>
    </SaveBar>
  );
}
