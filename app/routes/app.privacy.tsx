import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, EmptyState, IndexTable, Page, Text } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { useState } from "react";
import { EXPORT_RETENTION_DAYS, listCustomerDataRequests } from "../privacy/customer-data.server";

// Customers' data requests (customers/data_request): each is answered when it arrives with an
// export of what the app holds; the merchant downloads it here and hands it to the customer.
export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const { db, now } = context.services;
  return {
    requests: await listCustomerDataRequests(db, { shop: session.shop, now: now() }),
    retentionDays: EXPORT_RETENTION_DAYS,
  };
};

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Mexico_City" });
}

// The embedded admin adds the session token to fetch, not to a plain link: download through fetch
// (a POST: the download is recorded).
async function download(id: string) {
  const response = await fetch(`/app/privacy/${id}`, { method: "POST" });
  if (!response.ok) throw new Error(`download failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `solicitud-datos-${id}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

export default function Privacy() {
  const { requests, retentionDays } = useLoaderData<typeof loader>();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Page>
      <TitleBar title="Privacidad" />
      <BlockStack gap="400">
        <Text as="p">
          Cuando un cliente pide sus datos, Shopify nos avisa y la app prepara al momento un archivo con lo que guarda de
          sus pedidos (la dirección enviada al almacén, el seguimiento y el historial). Descárgalo y envíaselo al cliente.
          Los archivos se borran a los {retentionDays} días.
        </Text>
        {failed && (
          <Text as="p" tone="critical">
            No se pudo descargar el archivo: {failed}
          </Text>
        )}
        <Card padding="0">
          {requests.length === 0 ? (
            <EmptyState heading="Sin solicitudes de datos" image="">
              <p>Aquí aparecerán las solicitudes de datos de tus clientes.</p>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={{ singular: "solicitud", plural: "solicitudes" }}
              itemCount={requests.length}
              selectable={false}
              headings={[
                { title: "Recibida" },
                { title: "Cliente" },
                { title: "Pedidos" },
                { title: "Estado" },
                { title: "Archivo" },
              ]}
            >
              {requests.map((r, index) => (
                <IndexTable.Row id={r.id} key={r.id} position={index}>
                  <IndexTable.Cell>{formatTime(r.receivedAt)}</IndexTable.Cell>
                  <IndexTable.Cell>{r.customerId ?? "—"}</IndexTable.Cell>
                  <IndexTable.Cell>
                    {r.ordersFound} de {r.ordersRequested.length} con datos
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Badge tone="success">{`Respondida ${formatTime(r.answeredAt)}`}</Badge>
                    {r.downloadedAt && <Badge>{`Descargada ${formatTime(r.downloadedAt)}`}</Badge>}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Button onClick={() => download(r.id).catch((e: Error) => setFailed(e.message))}>Descargar</Button>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}
