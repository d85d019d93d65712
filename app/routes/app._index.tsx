import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Card, InlineGrid, Layout, Page, Text } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import { appContext } from "../context.server";
import { authenticate } from "../shopify.server";
import { shopOverview } from "../models/overview.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return shopOverview({ db: appContext().db, shop: session.shop });
};

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <BlockStack gap="100">
      <Text as="p" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg">
        {value}
      </Text>
    </BlockStack>
  );
}

export default function Index() {
  const overview = useLoaderData<typeof loader>();
  const quotes = overview.quotesLastDay;
  return (
    <Page>
      <TitleBar title="Envíos y fulfilment" />
      <Layout>
        {!overview.connected && (
          <Layout.Section>
            <Banner tone="info" title="Conecta tu cuenta del servicio">
              <p>
                Escribe tu clave de API en <RemixLink to="/app/settings">Configuración</RemixLink> para registrar tu
                catálogo, mostrar tarifas en el checkout y enviar tus pedidos al almacén.
              </p>
            </Banner>
          </Layout.Section>
        )}
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Resumen
              </Text>
              <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
                <Figure label="Variantes registradas" value={overview.variantsSynced} />
                <Figure label="Variantes con problemas" value={overview.variantsNeedingWork} />
                <Figure label="Pedidos enviados al almacén" value={overview.ordersSubmitted} />
                <Figure label="Pedidos que requieren atención" value={overview.ordersNeedingAttention} />
              </InlineGrid>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Tarifas en el checkout (últimas 24 horas)
              </Text>
              <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
                <Figure label="Cotizaciones" value={quotes.total} />
                <Figure label="Con tarifas" value={quotes.answeredWithRates} />
                <Figure
                  label="Desde caché"
                  value={quotes.cacheHitPercent === null ? "—" : `${quotes.cacheHitPercent} %`}
                />
                <Figure
                  label="Tiempo de respuesta (mediana / p99)"
                  value={quotes.medianMs === null ? "—" : `${quotes.medianMs} / ${quotes.p99Ms} ms`}
                />
              </InlineGrid>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
