// Every string the merchant reads on the admin pages, in Spanish (the app's default: Mexican
// merchants). messages.en.ts has the same keys; the `locale` parameter Shopify's admin sends
// picks one (locale.ts).
export const es = {
  nav: { home: "Inicio", orders: "Pedidos", catalog: "Catálogo", settings: "Configuración", privacy: "Privacidad" },
  home: {
    title: "Envíos y fulfilment",
    connectTitle: "Conecta tu cuenta del servicio",
    connectBefore: "Escribe tu clave de API en ",
    connectAfter: " para registrar tu catálogo, mostrar tarifas en el checkout y enviar tus pedidos al almacén.",
    summary: "Resumen",
    variantsSynced: "Variantes registradas",
    variantsNeedingWork: "Variantes omitidas, rechazadas o desactualizadas",
    ordersSubmitted: "Pedidos enviados al almacén",
    ordersNeedingAttention: "Pedidos que requieren atención",
    quotesTitle: "Tarifas en el checkout (últimas 24 horas)",
    quotes: "Cotizaciones",
    withRates: "Con tarifas",
    fromCache: "Desde caché",
    answerTime: "Tiempo de respuesta (mediana / p99)",
  },
  catalog: {
    title: "Catálogo",
    notConnected: "Conecta tu cuenta del servicio para registrar el catálogo.",
    syncTitle: "Sincronización con el servicio",
    syncButton: "Sincronizar catálogo",
    sending: "Registrando variantes en el servicio: {done} de {total}",
    reading: "Leyendo variantes de Shopify: {done} de {total}",
    alreadyRunning: "Ya hay una sincronización en curso; el botón se habilita cuando termine.",
    lastCompleted: "Última sincronización completa: {at}",
    lastFailed: "La última sincronización no terminó: {at}",
    status: "Estado",
    search: "Buscar por SKU o nombre",
    empty: "No hay variantes con este filtro.",
    page: "Página {page} de {pages}",
    noSku: "sin SKU",
    noValue: "sin dato",
    difference: "{measure}: {service} en el servicio → {store} en Shopify",
    filters: {
      all: "Todas",
      pending: "Pendiente",
      synced: "Registrada",
      exists_at_service: "Ya existía en el servicio",
      skipped: "Omitida",
      failed: "Rechazada",
      drifted: "Desactualizada en el servicio",
      deleted: "Eliminadas en Shopify",
    },
    measures: {
      peso: "Peso (g)",
      largo: "Largo (cm)",
      ancho: "Ancho (cm)",
      altura: "Alto (cm)",
      volumen: "Volumen (cm³)",
    },
  },
  orders: { title: "Pedidos" },
  settings: { title: "Configuración" },
};

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };
/** The shape every language's catalogue must have. */
export type Messages = Leaves<typeof es>;
