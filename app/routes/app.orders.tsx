import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Link,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { useI18n } from "../i18n/react";
import { useState } from "react";
import { appContext } from "../context.server";
import { SERVICE_LABELS, STATUS_LABELS } from "../fulfillment/labels";
import {
  confirmServiceOrderAbsent,
  confirmServiceOrderExists,
  retryFulfillment,
  type MerchantActionResult,
} from "../fulfillment/merchant-actions.server";
import { listFulfillments, type FulfillmentRow } from "../fulfillment/orders-page.server";
import { ensureStockSchedule, requestStockSync } from "../fulfillment/stock-sync.server";
import { ensureReconciliation } from "../fulfillment/reconcile.server";
import { FULFILLMENT_STATUSES, RETRYABLE_BY_MERCHANT } from "../fulfillment/status";
import { isRecordId } from "../models/record-id";
import { OrdersAttentionCard } from "../components/attention";
import { ATTENTION_INTENTS, ordersAttention, runAttentionAction } from "../fulfillment/attention.server";
import { authenticate } from "../shopify.server";

// The page's words, together so they move to a message catalogue in one piece.
const TEXT = {
  reconciledAt: (at: string) => `Última revisión de pedidos en Shopify: ${formatTime(at)}`,
  neverReconciled: "Los pedidos en Shopify aún no se han revisado (se revisan cada 30 minutos tras conectar).",
  received: "Recibidos, por revisar en Shopify",
  receivedAt: (at: string) => `pagado ${formatTime(at)}`,
  goesAt: (at: string) => `Se envía al almacén: ${formatTime(at)}`,
  goesOnRelease: "Se envía al almacén cuando Shopify libere la retención.",
};

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString("es-MX", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/Mexico_City",
  });
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { db, now } = appContext();
  await ensureStockSchedule(db, { shop: session.shop, now: now() });
  await ensureReconciliation(db, { shop: session.shop, now: now() });
  const list = await listFulfillments(db, { shop: session.shop, status: new URL(request.url).searchParams.get("status") });
  return { ...list, attention: await ordersAttention({ db, now }, session.shop) };
};

// The actions on one record name it by its id.
const ON_ONE_RECORD = new Set(["confirm-exists", "confirm-absent", "retry"]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const shop = session.shop;
  const fulfillmentId = String(form.get("fulfillmentId") ?? "");
  const intent = String(form.get("intent") ?? "");
  if (ATTENTION_INTENTS.has(intent)) {
    const { status, result } = await runAttentionAction(appContext(), { shop, intent, id: String(form.get("id") ?? "") });
    return data(result, { status });
  }
  if (ON_ONE_RECORD.has(intent) && !isRecordId(fulfillmentId)) {
    const refused: MerchantActionResult = { ok: false, error: "fulfillmentId: missing or not a record id" };
    return data(refused, { status: 400 });
  }
  return runAction(intent, { shop, fulfillmentId, form });
};

async function runAction(
  intent: string,
  { shop, fulfillmentId, form }: { shop: string; fulfillmentId: string; form: FormData },
): Promise<MerchantActionResult> {
  const deps = appContext();
  switch (intent) {
    case "confirm-exists":
      return confirmServiceOrderExists(deps, { shop, fulfillmentId, svcOrderId: String(form.get("svcOrderId") ?? "") });
    case "confirm-absent":
      return confirmServiceOrderAbsent(deps, { shop, fulfillmentId });
    case "retry":
      return retryFulfillment(deps, { shop, fulfillmentId });
    case "sync-stock":
      await requestStockSync(deps.db, { shop, runAt: deps.now(), onDemand: true });
      return { ok: true, message: "stock sync requested" };
    default:
      return { ok: false, error: "unknown action" };
  }
}

export default function Orders() {
  const { rows, counts, received, reconciledAt, attention } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params, setParams] = useSearchParams();
  const options = [
    { label: "Todos", value: "" },
    ...FULFILLMENT_STATUSES.map((s) => ({ label: `${STATUS_LABELS[s].label} (${counts[s]})`, value: s })),
  ];
  return (
    <Page>
      <TitleBar title={useI18n().messages.orders.title} />
      <BlockStack gap="400">
        {result && (
          <Banner tone={result.ok ? "success" : "critical"}>{result.ok ? result.message : result.error}</Banner>
        )}
        <InlineStack align="space-between" blockAlign="end">
          <Select
            label="Estado"
            options={options}
            value={params.get("status") ?? ""}
            onChange={(value) => setParams(value ? { status: value } : {})}
          />
          <Form method="post">
            <input type="hidden" name="intent" value="sync-stock" />
            <Button submit>Sincronizar inventario ahora</Button>
          </Form>
        </InlineStack>
        <OrdersAttentionCard attention={attention} />
        <Text as="p" tone="subdued">
          {reconciledAt ? TEXT.reconciledAt(reconciledAt) : TEXT.neverReconciled}
        </Text>
        {received.length > 0 && (
          <Card>
            <BlockStack gap="100">
              <Text as="h2" variant="headingSm">
                {TEXT.received}
              </Text>
              {received.map((order) => (
                <Text as="p" key={order.orderGid}>
                  {order.orderName} · {TEXT.receivedAt(order.receivedAt)}
                </Text>
              ))}
            </BlockStack>
          </Card>
        )}
        {rows.length === 0 && received.length === 0 && (
          <Card>
            <Text as="p">Todavía no hay pedidos pagados que enviar al almacén.</Text>
          </Card>
        )}
        {rows.map((row) => (
          <FulfillmentCard key={row.id} row={row} />
        ))}
      </BlockStack>
    </Page>
  );
}

function FulfillmentCard({ row }: { row: FulfillmentRow }) {
  const { label, tone } = STATUS_LABELS[row.status];
  const service = row.serviceCode ? (SERVICE_LABELS[row.serviceCode] ?? row.serviceCode) : null;
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {row.orderName}
          </Text>
          <Badge tone={tone}>{label}</Badge>
          {service && (
            <Text as="span" tone="subdued">
              {service}
              {row.serviceCodeSource === "shop_default" ? " (servicio predeterminado de la tienda)" : ""}
            </Text>
          )}
        </InlineStack>
        {row.reason && <Text as="p">{row.reason}</Text>}
        {row.status === "waiting" && (
          <Text as="p" fontWeight="semibold">
            {row.waitUntil ? TEXT.goesAt(row.waitUntil) : TEXT.goesOnRelease}
          </Text>
        )}
        {row.svcOrderId && (
          <Text as="p" tone="subdued">
            Orden en el servicio: {row.svcOrderId}
            {row.svcStatus ? ` · ${row.svcStatus}` : ""}
          </Text>
        )}
        {row.tracking && (
          <Text as="p">
            Guía: {row.tracking.company ?? ""}{" "}
            {row.tracking.url ? (
              <Link url={row.tracking.url} target="_blank">
                {row.tracking.number}
              </Link>
            ) : (
              row.tracking.number
            )}
          </Text>
        )}
        {row.warnings.length > 0 && (
          <Box>
            {row.warnings.map((warning, index) => (
              <Text as="p" tone="caution" key={index}>
                {warning.field}: {warning.message}
                {warning.original ? ` («${warning.original}»)` : ""}
              </Text>
            ))}
          </Box>
        )}
        <Actions row={row} />
      </BlockStack>
    </Card>
  );
}

function Actions({ row }: { row: FulfillmentRow }) {
  const [svcOrderId, setSvcOrderId] = useState("");
  const busy = useNavigation().state !== "idle";
  if (row.status === "unknown_outcome") {
    return (
      <InlineStack gap="200" blockAlign="end">
        <Form method="post">
          <input type="hidden" name="fulfillmentId" value={row.id} />
          <input type="hidden" name="intent" value="confirm-exists" />
          <InlineStack gap="200" blockAlign="end">
            <TextField
              label="Id de la orden en el servicio"
              name="svcOrderId"
              value={svcOrderId}
              onChange={setSvcOrderId}
              autoComplete="off"
            />
            <Button submit disabled={busy || !svcOrderId.trim()}>
              Existe en el servicio
            </Button>
          </InlineStack>
        </Form>
        <Form method="post">
          <input type="hidden" name="fulfillmentId" value={row.id} />
          <input type="hidden" name="intent" value="confirm-absent" />
          <Button submit disabled={busy} tone="critical">
            No existe: enviarlo
          </Button>
        </Form>
      </InlineStack>
    );
  }
  if (RETRYABLE_BY_MERCHANT.includes(row.status)) {
    return (
      <Form method="post">
        <input type="hidden" name="fulfillmentId" value={row.id} />
        <input type="hidden" name="intent" value="retry" />
        <Button submit disabled={busy}>
          Reintentar
        </Button>
      </Form>
    );
  }
  return null;
}
