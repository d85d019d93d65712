// A save refused because the same settings changed in another tab or session after the page was
// read (read-at.ts): what changed, and a way to load the saved values (a fresh read of the page,
// which also forgets the refused save) to make the change again on top of them.
import { useLocation, useNavigate } from "@remix-run/react";
import { Banner, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/react";

export function ConflictBanner({ message }: { message: string }) {
  const t = useI18n().messages.settings.conflict;
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Banner
      tone="warning"
      title={message}
      action={{
        content: t.reload,
        onAction: () => navigate({ pathname: location.pathname, search: location.search }, { replace: true }),
      }}
    >
      <Text as="p">{t.reloadHelp}</Text>
    </Banner>
  );
}

/** The hidden fields that say when the form's values were read: sent back with every save. */
export function ReadAtFields({ version, values }: { version: number; values: unknown }) {
  return (
    <>
      <input type="hidden" name="version" value={String(version)} />
      <input type="hidden" name="basis" value={JSON.stringify(values)} />
    </>
  );
}
