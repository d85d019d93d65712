// Configuración's notices next to what they are about. A save refused because the same settings changed in another tab or session after the page was
// read (read-at.ts): what changed, and a way to load the saved values (a fresh read of the page,
// which also forgets the refused save) to make the change again on top of them.
import { useLocation, useNavigate } from "@remix-run/react";
import { Banner, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/react";
import { SERVICE_CODES } from "~/svc/service-codes";

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

/** A saved free-shipping threshold of zero ships every order free with the ticked services: said next to it. */
export function EveryOrderFree({ values }: { values: Record<string, string> }) {
  const { messages, format } = useI18n();
  if (!/^0+(\.0+)?$/.test(values.freeShippingMin ?? "")) return null;
  const services = SERVICE_CODES.filter((code) => values[`freeShipping_${code}`] === "on");
  if (services.length === 0) return null;
  const names = services.map((code) => messages.settings.services[code]).join(", ");
  return <Banner tone="warning">{format(messages.settings.freeShipping.everyOrder, { services: names })}</Banner>;
}

/** What refused the whole form: another session's change (with the way to reload), or another problem. */
export function FormProblem({ message, conflict }: { message: string | undefined; conflict: boolean }) {
  if (!message) return null;
  return conflict ? <ConflictBanner message={message} /> : <Banner tone="critical" title={message} />;
}
