// What a merchant types into and reads on Configuración and Tarifas' tester, in both languages, as
// the merchant-input e2e files look for it: the catalogues' sentences (app/i18n/settings.*.ts,
// numbers.*.ts, messages.*.ts) written out with their values filled in, so a wrong range, example
// or language on the page fails the test instead of being reproduced by it.
import type { Locale } from "~/i18n/locale";

export interface InputTexts {
  // Configuración: the service account.
  apiKey: string;
  connect: string;
  connectedQa: string;
  notConnected: string;
  // Configuración: the rate rules.
  markupPercent: string;
  markupFixed: string;
  freeShippingMin: string;
  fallbackPriceNacional: string;
  fallbackPriceExpress: string;
  saveBarSave: string;
  rulesSaved: string;
  notSaved(count: number): string;
  percentRange: string;
  fixedRange: string;
  percentOutOfRange: string;
  fixedOutOfRange: string;
  /** The refusal of a number with a comma that is not a thousands separator, with the field's example. */
  ambiguous(typed: string, example: string): string;
  fallbackPriceMissing: string;
  // Configuración: orders and stock.
  holdBack: string;
  stockInterval: string;
  operationsSave: string;
  operationsSaved: string;
  mode: string;
  modeService: string;
  modeMerchant: string;
  confirmServiceTitle: string;
  confirmServiceBody: string;
  confirmMerchantTitle: string;
  confirmMerchantBody: string;
  confirmModeAction: string;
  confirmModeCancel: string;
  // Tarifas' tester.
  testerSubtotal: string;
  testerQuantity: string;
  testerQuote: string;
}

const es: InputTexts = {
  apiKey: "Clave de API",
  connect: "Conectar",
  connectedQa:
    "Conectada al entorno de pruebas (QA). Los pedidos que la app envíe al almacén mientras tanto van al servicio de pruebas, que simula su preparación, su guía y su entrega: ningún paquete sale de verdad. Lo que se envió antes al entorno de producción no cambia.",
  notConnected: "Sin conectar.",
  markupPercent: "Margen porcentual",
  markupFixed: "Margen fijo",
  freeShippingMin: "Envío gratis desde un subtotal de",
  fallbackPriceNacional: "Precio Nacional",
  fallbackPriceExpress: "Precio Express",
  saveBarSave: "Guardar",
  rulesSaved: "Reglas guardadas",
  notSaved: (count) => `No se guardó nada: corrige los campos marcados (${count}).`,
  percentRange: "Entre -90.00 % y 1,000.00 %.",
  fixedRange: "Entre $0.00 y $10,000.00.",
  percentOutOfRange: "Escribe un valor entre -90.00 % y 1,000.00 %.",
  fixedOutOfRange: "Escribe un valor entre $0.00 y $10,000.00.",
  ambiguous: (typed, example) =>
    `No se puede leer «${typed}» sin adivinar: usa punto para los decimales y coma para los miles, p. ej. ${example}.`,
  fallbackPriceMissing: "Escribe el precio de esta tarifa fija, o borra su nombre y sus días.",
  holdBack: "Minutos de espera tras el pago antes de enviar al almacén",
  stockInterval: "Cada cuántos minutos",
  operationsSave: "Guardar",
  operationsSaved: "Ajustes de pedidos e inventario guardados.",
  mode: "Cómo recibe el almacén los pedidos",
  modeService: "Servicio de logística de Shopify",
  modeMerchant: "Pedidos de la tienda (gestionados por el comerciante)",
  confirmServiceTitle: "¿Cambiar a Servicio de logística de Shopify?",
  confirmServiceBody:
    "Al guardar, la app registra en tu tienda un servicio de logística con su propia ubicación. Shopify asignará a esa ubicación los pedidos de los productos que tenga en existencia y el almacén los recibirá desde ahí; los pedidos asignados a tus otras ubicaciones dejarán de enviarse al almacén.",
  confirmMerchantTitle: "¿Volver a Pedidos de la tienda?",
  confirmMerchantBody:
    "Al guardar, la app quita de tu tienda el servicio de logística y su ubicación. Los pedidos de tus ubicaciones elegidas volverán a enviarse al almacén desde la app.",
  confirmModeAction: "Cambiar y guardar",
  confirmModeCancel: "Cancelar",
  testerSubtotal: "Subtotal del carrito",
  testerQuantity: "Cantidad 1",
  testerQuote: "Cotizar",
};

const en: InputTexts = {
  apiKey: "API key",
  connect: "Connect",
  connectedQa:
    "Connected to the test environment (QA). Orders the app sends to the warehouse meanwhile go to the test service, which simulates their preparation, tracking and delivery: no parcel really leaves. What was sent to the production environment before is unchanged.",
  notConnected: "Not connected.",
  markupPercent: "Percentage markup",
  markupFixed: "Fixed markup",
  freeShippingMin: "Free shipping from a subtotal of",
  fallbackPriceNacional: "Price Nacional",
  fallbackPriceExpress: "Price Express",
  saveBarSave: "Save",
  rulesSaved: "Rules saved",
  notSaved: (count) => `Nothing was saved: fix the marked fields (${count}).`,
  percentRange: "Between -90.00% and 1,000.00%.",
  fixedRange: "Between $0.00 and $10,000.00.",
  percentOutOfRange: "Enter a value between -90.00% and 1,000.00%.",
  fixedOutOfRange: "Enter a value between $0.00 and $10,000.00.",
  ambiguous: (typed, example) =>
    `“${typed}” can't be read without guessing: use a point for decimals and a comma for thousands, e.g. ${example}.`,
  fallbackPriceMissing: "Enter this fixed rate's price, or clear its name and days.",
  holdBack: "Minutes to wait after payment before sending to the warehouse",
  stockInterval: "Every how many minutes",
  operationsSave: "Save",
  operationsSaved: "Order and stock settings saved.",
  mode: "How the warehouse receives orders",
  modeService: "Shopify fulfilment service",
  modeMerchant: "Store orders (merchant-managed)",
  confirmServiceTitle: "Switch to Shopify fulfilment service?",
  confirmServiceBody:
    "When you save, the app registers a fulfilment service with its own location in your store. Shopify will assign orders for the products it stocks to that location and the warehouse will receive them from there; orders assigned to your other locations will no longer be sent to the warehouse.",
  confirmMerchantTitle: "Switch back to store orders?",
  confirmMerchantBody:
    "When you save, the app removes the fulfilment service and its location from your store. Orders from your chosen locations will be sent to the warehouse by the app again.",
  confirmModeAction: "Switch and save",
  confirmModeCancel: "Cancel",
  testerSubtotal: "Cart subtotal",
  testerQuantity: "Quantity 1",
  testerQuote: "Get rates",
};

const TEXTS: Record<Locale, InputTexts> = { es, en };

/** Each language with its texts: `for (const [locale, t] of INPUT_IN_BOTH_LANGUAGES) describe(…)`. */
export const INPUT_IN_BOTH_LANGUAGES = (["es", "en"] as const).map((locale) => [locale, TEXTS[locale]] as const);
