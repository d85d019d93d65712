// What a merchant reads on Inicio, Pedidos and Catálogo, in both languages, as the e2e files that
// drive those pages look for it (merchant-links, merchant-lists): one dictionary, so the words a
// test expects are written once and the two languages are kept to the same entries by the type.
// A filter's label is without its «(n)»: each test adds the count its own records give.
import type { Locale } from "~/i18n/locale";

const es = {
  // Inicio's figures and the filters they open.
  attentionFigure: "Pedidos que requieren atención",
  attentionFilter: "Requiere atención",
  registeredFigure: "Variantes registradas",
  registeredFilter: "Registradas o ya existentes",
  needsWorkFigure: "Variantes omitidas, rechazadas o desactualizadas",
  needsWorkFilter: "Omitidas, rechazadas o desactualizadas",
  sentFigure: "Pedidos enviados al almacén",
  sentFilter: "Enviados al almacén",
  inTransitFigure: "Pedidos despachados",
  shippedFilter: "Despachado",
  deliveredFigure: "Pedidos entregados",
  deliveredFilter: "Entregado",
  // Inicio's answer times, folded under the details.
  detailsShow: "Ver detalles técnicos",
  answerTime: "Tiempo de respuesta (mediana / p99)",
  // Catálogo's states of a registered variant: the app's own, and one someone else registered.
  registeredBadge: "Registrada",
  existedBadge: "Ya existía en el servicio",
  skippedFilter: "Omitida",
  // The admin stand-in's page a shopify://admin link opens.
  adminPage: "Admin de Shopify",
  // Catálogo's search, and Pedidos'.
  searchField: "Buscar por SKU o nombre",
  searchButton: "Buscar",
  orderSearchField: "Buscar por número de pedido, guía o pedido del servicio",
  // Pedidos' actions and what it says instead of one it does not offer.
  retry: "Reintentar",
  cancelledNoRetry: "Cancelado en Shopify: no se puede reintentar.",
  syncStock: "Sincronizar inventario ahora",
} as const;

export type MerchantTexts = { readonly [K in keyof typeof es]: (typeof es)[K] extends RegExp ? RegExp : string };

const en: MerchantTexts = {
  attentionFigure: "Orders that need attention",
  attentionFilter: "Needs attention",
  registeredFigure: "Variants registered",
  registeredFilter: "Registered or already there",
  needsWorkFigure: "Variants skipped, refused or out of date",
  needsWorkFilter: "Skipped, refused or out of date",
  sentFigure: "Orders sent to the warehouse",
  sentFilter: "Sent to the warehouse",
  inTransitFigure: "Orders shipped",
  shippedFilter: "Shipped",
  deliveredFigure: "Orders delivered",
  deliveredFilter: "Delivered",
  detailsShow: "Show technical details",
  answerTime: "Answer time (median / p99)",
  registeredBadge: "Registered",
  existedBadge: "Already at the service",
  skippedFilter: "Skipped",
  adminPage: "Shopify admin",
  searchField: "Search by SKU or name",
  searchButton: "Search",
  orderSearchField: "Search by order number, tracking number or service order",
  retry: "Retry",
  cancelledNoRetry: "Cancelled in Shopify: it cannot be retried.",
  syncStock: "Sync inventory now",
};

const TEXTS: Record<Locale, MerchantTexts> = { es, en };

/** Each language with its texts: `for (const [locale, t] of IN_BOTH_LANGUAGES) describe(…)`. */
export const IN_BOTH_LANGUAGES = (["es", "en"] as const).map((locale) => [locale, TEXTS[locale]] as const);
