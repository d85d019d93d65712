import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { Locale } from "./i18n/locale";

export default function App() {
  // The admin layout (routes/app.tsx) knows the merchant's language; every other page is Spanish.
  const locale = useRouteLoaderData<{ locale: Locale }>("routes/app")?.locale ?? "es";
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <link rel="preconnect" href="https://cdn.shopify.com/" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
