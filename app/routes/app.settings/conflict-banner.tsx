// Configuración's notices next to what they are about. A save refused because the same settings changed in another tab or session after the page was
// read (orchestration/settings-forms/read-at.ts): what changed, and a way to load the saved values (a fresh read of the page,
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

/** Below this subtotal (MXN) a free-shipping threshold leaves practically no order paying shipping. */
export const FREE_FOR_EVERY_ORDER_BELOW = 100;

/**
 * The services a free-shipping amount makes (practically) every order free with: an amount under
 * FREE_FOR_EVERY_ORDER_BELOW pesos with services ticked (a $1 typed for $1,000); null otherwise.
 */
export function everyOrderFreeWith(values: Record<string, string>): (typeof SERVICE_CODES)[number][] | null {
  const raw = (values.freeShippingMin ?? "").replace(/[\s,$]/g, "");
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) >= FREE_FOR_EVERY_ORDER_BELOW) return null;
  const services = SERVICE_CODES.filter((code) => values[`freeShipping_${code}`] === "on");
  return services.length > 0 ? services : null;
}

/** A free-shipping threshold that makes every order free with the ticked services: said next to it. */
export function EveryOrderFree({ values }: { values: Record<string, string> }) {
  const { messages, format } = useI18n();
  const services = everyOrderFreeWith(values);
  if (!services) return null;
  const names = services.map((code) => messages.settings.services[code]).join(", ");
  const amount = values.freeShippingMin!.trim();
  return (
    <Banner tone="warning">{format(messages.settings.freeShipping.everyOrder, { services: names, amount })}</Banner>
  );
}

/** What refused the whole form: another session's change (with the way to reload), or another problem. */
export function FormProblem({ message, conflict }: { message: string | undefined; conflict: boolean }) {
  if (!message) return null;
  return conflict ? <ConflictBanner message={message} /> : <Banner tone="critical" title={message} />;
}
