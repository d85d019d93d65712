import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Layout, Page, Text } from "@shopify/polaris";
import { TitleBar } from "@shopify/app-bridge-react";
import prisma from "../db.server";
import { authenticate } from "../shopify.server";
import { shopOverview } from "../models/overview.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return shopOverview({ db: prisma, shop: session.shop });
};

export default function Index() {
  const overview = useLoaderData<typeof loader>();
  return (
    <Page>
      <TitleBar title="Envíos y fulfilment" />
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Conexión con el servicio
              </Text>
              <Text as="p">
                {overview.connected
                  ? `Conectada al entorno ${overview.environment === "production" ? "de producción" : "de pruebas (QA)"}.`
                  : "Todavía no has conectado tu cuenta del servicio."}
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Resumen
              </Text>
              <Text as="p">Variantes registradas: {overview.variantsSynced}</Text>
              <Text as="p">Pedidos enviados al almacén: {overview.ordersSubmitted}</Text>
              <Text as="p">Pedidos que requieren atención: {overview.ordersNeedingAttention}</Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
