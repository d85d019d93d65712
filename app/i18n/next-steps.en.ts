// What Pedidos says about a record's next step (issue 33): marking it handled, reading the service
// now and stopping or changing it with the service. Part of the English catalogue (messages.en.ts `nextSteps`).
import type { nextStepsEs } from "./next-steps.es";

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };

export const nextStepsEn: Leaves<typeof nextStepsEs> = {
  handled: "Mark handled",
  handledNote: "What you did",
  handledHelp: "Required, up to {max} characters. It stays in the order's history with who and when.",
  handledSave: "Save as handled",
  handledCancel: "Cancel",
  refresh: "Refresh status",
  lastRead: "Read from the service: {at}",
  contactTitle: "Stop or change it with the service",
  contactSteps:
    "The app cannot cancel or change an order the warehouse already has. Contact the service's support, give its order {svcOrderId} and the order {order}, and say what changed in Shopify. Once they have dealt with it, mark it handled with a note.",
  contactEmail: "Support e-mail:",
  contactPhone: "Support phone:",
  contactUrl: "Support site",
  contactMissing: "You have not saved the service's support channel yet: add it in Settings to see it here.",
  contactSettings: "Go to Settings",
  support: {
    title: "Service support",
    help: "Where to ask the service to stop or change an order the warehouse already has. Orders shows it next to the orders that need it.",
    email: "Support e-mail",
    phone: "Support phone",
    url: "Support site or form",
    urlHelp: "An address starting with https:// or http://",
    save: "Save support",
    saved: "Support saved.",
    errors: {
      email: "Enter a valid e-mail, e.g. support@service.mx, or leave the field empty.",
      phone: "Enter a phone of 8 to 15 digits (+, spaces, dashes or brackets allowed), or leave the field empty.",
      url: "Enter an address starting with https:// or http://, or leave the field empty.",
    },
  },
};
