import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { localeFromRequest, translator } from "~/i18n/locale";
import styles from "./styles.module.css";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.get("shop")) throw redirect(`/app?${url.searchParams.toString()}`);
  return { showForm: Boolean(context.services.shopify.login), locale: localeFromRequest(request) };
};

export default function Landing() {
  const { showForm, locale } = useLoaderData<typeof loader>();
  const i18n = translator(locale);
  const m = i18n.messages.login;
  // The login form answers in the language this page was read in.
  const loginUrl = locale === "es" ? "/auth/login" : `/auth/login?locale=${locale}`;
  return (
    <div className={styles.index}>
      <div className={styles.content}>
        <h1 className={styles.heading}>{m.headline}</h1>
        <p className={styles.text}>{m.pitch}</p>
        {showForm && (
          <Form className={styles.form} method="post" action={loginUrl}>
            <label className={styles.label}>
              <span>{m.shopDomain}</span>
              <input className={styles.input} type="text" name="shop" />
              <span>{i18n.format(m.shopDomainExample, { example: "mi-tienda.myshopify.com" })}</span>
            </label>
            <button className={styles.button} type="submit">
              {m.submit}
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
