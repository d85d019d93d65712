// The pages outside the admin (the landing page and the login form) in English: part of the
// English catalogue (messages.en.ts `login`).
import type { loginEs } from "./login.es";

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };

export const loginEn: Leaves<typeof loginEs> = {
  headline: "Shipping and fulfilment in Mexico, from your Shopify store",
  pitch:
    "Register your catalogue at the warehouse, show live rates at checkout and send every paid order with its tracking number.",
  title: "Log in",
  shopDomain: "Shop domain",
  shopDomainExample: "e.g. {example}",
  submit: "Log in",
  errors: {
    missingShop: "Enter your shop's domain to log in",
    invalidShop: "Enter a valid shop domain ({example})",
  },
};
