import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import styles from "./styles.module.css";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.get("shop")) throw redirect(`/app?${url.searchParams.toString()}`);
  return { showForm: Boolean(context.services.shopify.login) };
};

export default function Landing() {
  const { showForm } = useLoaderData<typeof loader>();
  return (
    <div className={styles.index}>
      <div className={styles.content}>
        <h1 className={styles.heading}>Envíos y fulfilment en México, desde tu tienda Shopify</h1>
        <p className={styles.text}>
          Registra tu catálogo en el almacén, muestra tarifas en vivo en el checkout y envía cada pedido pagado con
          su guía de rastreo.
        </p>
        {showForm && (
          <Form className={styles.form} method="post" action="/auth/login">
            <label className={styles.label}>
              <span>Dominio de la tienda</span>
              <input className={styles.input} type="text" name="shop" />
              <span>p. ej. mi-tienda.myshopify.com</span>
            </label>
            <button className={styles.button} type="submit">
              Iniciar sesión
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
