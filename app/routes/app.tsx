import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import polarisEn from "@shopify/polaris/locales/en.json";
import polarisEs from "@shopify/polaris/locales/es.json";
import { localeFromRequest, translator } from "../i18n/locale";
import { I18nProvider } from "../i18n/react";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  await context.services.shopify.authenticate.admin(request);
  // Shopify's admin sends the merchant's language with every page it opens (not with the app's
  // own navigation inside the page: the layout keeps what it first read, see shouldRevalidate).
  const locale = localeFromRequest(request);
  return {
    apiKey: context.services.config.SHOPIFY_API_KEY,
    // Unset in production: the pages load App Bridge from Shopify's CDN.
    appBridgeUrl: context.services.config.APP_BRIDGE_URL ?? null,
    locale,
    polarisTranslations: locale === "en" ? polarisEn : polarisEs,
  };
};

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  nextUrl.searchParams.has("locale") && nextUrl.searchParams.get("locale") !== currentUrl.searchParams.get("locale")
    ? defaultShouldRevalidate
    : false;

export default function App() {
  const { apiKey, appBridgeUrl, locale, polarisTranslations } = useLoaderData<typeof loader>();
  const nav = translator(locale).messages.nav;
  return (
    <AppProvider
      isEmbeddedApp
      apiKey={apiKey}
      i18n={polarisTranslations}
      {...(appBridgeUrl ? { __APP_BRIDGE_URL: appBridgeUrl } : {})}
    >
      <I18nProvider locale={locale}>
        <NavMenu>
          <Link to="/app" rel="home">
            {nav.home}
          </Link>
          <Link to="/app/orders">{nav.orders}</Link>
          <Link to="/app/catalog">{nav.catalog}</Link>
          <Link to="/app/warehouse">{nav.warehouse}</Link>
          <Link to="/app/rates">{nav.rates}</Link>
          <Link to="/app/settings">{nav.settings}</Link>
          <Link to="/app/privacy">{nav.privacy}</Link>
        </NavMenu>
        <Outlet />
      </I18nProvider>
    </AppProvider>
  );
}

// Shopify needs Remix to catch some thrown responses so that its headers are included.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
