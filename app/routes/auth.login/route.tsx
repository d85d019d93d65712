import { useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider as PolarisAppProvider, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import polarisEn from "@shopify/polaris/locales/en.json";
import polarisEs from "@shopify/polaris/locales/es.json";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { localeFromRequest, translator } from "~/i18n/locale";
import { loginErrorCode } from "./error.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

/** The example of a shop domain the form shows (a domain, not words). */
const EXAMPLE_DOMAIN = "tienda.myshopify.com";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const errors = loginErrorCode(await context.services.shopify.login(request));
  const locale = localeFromRequest(request);
  return { errors, locale, polarisTranslations: locale === "es" ? polarisEs : polarisEn };
};

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const errors = loginErrorCode(await context.services.shopify.login(request));
  return { errors };
};

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const { errors } = actionData || loaderData;
  const i18n = translator(loaderData.locale);
  const m = i18n.messages.login;

  return (
    <PolarisAppProvider i18n={loaderData.polarisTranslations}>
      <Page>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text variant="headingMd" as="h2">
                {m.title}
              </Text>
              <TextField
                type="text"
                name="shop"
                label={m.shopDomain}
                helpText={EXAMPLE_DOMAIN}
                value={shop}
                onChange={setShop}
                autoComplete="on"
                error={errors.shop && i18n.format(m.errors[errors.shop], { example: EXAMPLE_DOMAIN })}
              />
              <Button submit>{m.submit}</Button>
            </FormLayout>
          </Form>
        </Card>
      </Page>
    </PolarisAppProvider>
  );
}
