// The pages outside the admin (the landing page and the login form) in Spanish: part of the
// Spanish catalogue (messages.es.ts `login`).
export const loginEs = {
  headline: "Envíos y almacén en México, desde tu tienda Shopify",
  pitch:
    "Registra tu catálogo en el almacén, muestra tarifas en vivo en el checkout y envía cada pedido pagado con su guía de rastreo.",
  title: "Iniciar sesión",
  shopDomain: "Dominio de la tienda",
  shopDomainExample: "p. ej. {example}",
  submit: "Iniciar sesión",
  errors: {
    missingShop: "Escribe el dominio de tu tienda para iniciar sesión",
    invalidShop: "Escribe un dominio de tienda válido ({example})",
  },
};
