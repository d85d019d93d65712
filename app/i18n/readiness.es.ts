// The checkout readiness checklist in Spanish: part of the Spanish catalogue (messages.es.ts `readiness`).
export const readinessEs = {
  title: "Listo para el checkout",
  ready: "Todo listo: tus compradores ven nuestras tarifas en vivo al pagar.",
  notReady: "Falta algo para que tus compradores vean nuestras tarifas en vivo al pagar.",
  checkedAt: "Última revisión: {date} · se revisa sola cuando algo cambia y cada 6 horas",
  neverChecked: "Aún no se ha revisado.",
  recheck: "Revisar ahora",
  regressedTitle: "Tus tarifas en vivo ya no llegan al checkout",
  regressed:
    "Desde el {date} nuestras tarifas no están en tu configuración de envíos (alguien las quitó). Tus compradores no las ven.",
  modelProfiles: "Envíos por perfiles de envío",
  modelMarkets: "Envíos por mercados (market-driven shipping)",
  status: { ok: "Listo", problem: "Falta", unknown: "Sin dato" },
  items: {
    key_valid: "Clave del servicio válida",
    carrier_active: "Servicio de tarifas registrado y activo en Shopify",
    plan_allows_rates: "Tu plan de Shopify permite tarifas calculadas",
    rates_in_mexico: "Tarifas ofrecidas en México para todos tus productos",
    test_quote: "Una cotización de prueba respondió a tiempo",
    customer_data: "Acceso a los datos protegidos de clientes",
  },
  reasons: {
    not_connected: "Aún no conectas tu cuenta del servicio.",
    unauthorized: "El servicio rechazó la clave de API.",
    unreachable: "No pudimos comprobar la clave: el servicio no respondió.",
    inactive: "Shopify tiene el servicio de tarifas, pero inactivo.",
    missing: "Shopify no tiene registrado nuestro servicio de tarifas.",
    error: "Shopify no aceptó registrar el servicio de tarifas.",
    not_allowed_by_plan: "Tu plan de Shopify no permite tarifas calculadas por terceros.",
    plan: "Las tarifas calculadas por terceros requieren el plan Advanced o superior, pago anual o el complemento.",
    carrier_not_registered: "Se sabrá al registrar el servicio de tarifas.",
    profiles_missing: "Faltan en: {profiles} ({variants} variantes; por ejemplo {products}).",
    market_driven:
      "Tu tienda configura los envíos por mercados: nuestras tarifas no están entre las opciones de envío del mercado «{market}», donde están los compradores de México.",
    market_missing:
      "Tu tienda configura los envíos por mercados y ningún mercado incluye México: agrega México a un mercado y nuestras tarifas a sus opciones de envío.",
    unreadable: "No pudimos leer tu configuración de envíos en Shopify; se vuelve a revisar sola en unos minutos.",
    late: "Respondió en {durationMs} ms; el límite de tu tienda es {deadlineMs} ms.",
    failed: "La cotización no dio tarifas ({outcome}).",
    nothing_to_quote: "Aún no hay productos registrados en el servicio para cotizar.",
    withheld: "Shopify oculta la dirección de los pedidos a la app: no se puede enviar al almacén.",
    no_orders: "Se sabrá con el primer pedido.",
    rechecking: "Algo cambió desde la última revisión: se está revisando de nuevo.",
  },
  okDetail: {
    test_quote: "Respondió en {durationMs} ms (límite {deadlineMs} ms).",
  },
  fixes: {
    addRates: "Agregar nuestras tarifas al checkout",
    settings: "Ir a Configuración",
    rates: "Probar tarifas",
    openAdmin: "Abrir en Shopify",
    shipping:
      "En Shopify: Configuración → Envío y entrega → abre cada perfil de envío nombrado arriba → en la zona México, «Agregar tarifa» → «Usar servicio o app de transportista» → elige «Envíos» de esta app → Guardar.",
    markets:
      "En Shopify: Mercados → México → Envío → «Agregar opción de envío» → «Calculada por transportista» → elige «Envíos» de esta app → Guardar.",
    plan: "En Shopify: Configuración → Plan: cambia al plan Advanced o superior, al pago anual, o agrega tarifas calculadas por terceros.",
    customer_data:
      "Quien administra la app debe solicitar a Shopify acceso a datos protegidos de clientes (nombre, dirección y teléfono) en el Partner Dashboard → App → Acceso a API.",
  },
  outcome: {
    added: "Listo: agregamos nuestras tarifas en {changed} perfil(es) de envío.",
    nothing: "Nada que agregar: nuestras tarifas ya estaban en tu configuración de envíos.",
    refused: "Shopify no permitió que la app las agregara. {problem} También puedes seguir los pasos de abajo.",
    failed: "No pudimos agregarlas ahora. {problem}",
    no_carrier: "Primero conecta tu cuenta: el servicio de tarifas aún no está registrado.",
    rechecked: "Revisión terminada.",
  },
};
