// What Pedidos says about a record's next step (issue 33): marking it handled, reading the service
// now and stopping or changing it with the service. Part of the Spanish catalogue (messages.es.ts `nextSteps`).
export const nextStepsEs = {
  handled: "Marcar como atendido",
  handledNote: "Qué hiciste",
  handledHelp: "Obligatoria, hasta {max} caracteres. Queda en el historial del pedido con quién y cuándo.",
  handledSave: "Guardar como atendido",
  handledCancel: "Cancelar",
  refresh: "Actualizar estado",
  lastRead: "Leído del servicio: {at}",
  contactTitle: "Detenerlo o cambiarlo con el servicio",
  contactSteps:
    "La app no puede cancelar ni cambiar un pedido que ya tiene el almacén. Comunícate con el soporte del servicio, da su orden {svcOrderId} y el pedido {order}, y di qué cambió en Shopify. Cuando lo resuelvan, márcalo como atendido con una nota.",
  contactEmail: "Correo del soporte:",
  contactPhone: "Teléfono del soporte:",
  contactUrl: "Sitio del soporte",
  contactMissing: "Aún no guardas el canal de soporte del servicio: agrégalo en Configuración para verlo aquí.",
  contactSettings: "Ir a Configuración",
  support: {
    title: "Soporte del servicio",
    help: "Dónde pedirle al servicio que detenga o cambie un pedido que ya tiene el almacén. Pedidos lo muestra junto a los pedidos que lo necesitan.",
    email: "Correo del soporte",
    phone: "Teléfono del soporte",
    url: "Sitio o formulario del soporte",
    urlHelp: "Una dirección que empiece con https:// o http://",
    save: "Guardar soporte",
    saved: "Soporte guardado.",
    errors: {
      email: "Escribe un correo válido, p. ej. soporte@servicio.mx, o deja el campo vacío.",
      phone:
        "Escribe un teléfono de 8 a 15 dígitos (puede llevar +, espacios, guiones o paréntesis), o deja el campo vacío.",
      url: "Escribe una dirección que empiece con https:// o http://, o deja el campo vacío.",
    },
  },
};
