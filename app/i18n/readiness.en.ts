// The checkout readiness checklist in English: part of the English catalogue (messages.en.ts `readiness`).
import type { readinessEs } from "./readiness.es";

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };

export const readinessEn: Leaves<typeof readinessEs> = {
  title: "Ready for checkout",
  ready: "All set: your buyers see our live rates at checkout.",
  notReady: "Something is missing before your buyers see our live rates at checkout.",
  checkedAt: "Last checked: {date} · checked again whenever something changes and every 6 hours",
  neverChecked: "Not checked yet.",
  recheck: "Check now",
  regressedTitle: "Your live rates no longer reach checkout",
  regressed:
    "Since {date} our rates are missing from your shipping settings (someone removed them). Your buyers don't see them.",
  modelProfiles: "Shipping by shipping profiles",
  modelMarkets: "Market-driven shipping",
  status: { ok: "Done", problem: "Missing", unknown: "Unknown" },
  items: {
    key_valid: "Service API key valid",
    carrier_active: "Rates service registered and active in Shopify",
    plan_allows_rates: "Your Shopify plan allows calculated rates",
    rates_in_mexico: "Rates offered in Mexico for all your products",
    test_quote: "A test quote answered in time",
    customer_data: "Access to protected customer data",
  },
  reasons: {
    not_connected: "Your service account isn't connected yet.",
    unauthorized: "The service refused the API key.",
    unreachable: "We couldn't check the key: the service didn't answer.",
    inactive: "Shopify has the rates service, but inactive.",
    missing: "Shopify doesn't have our rates service registered.",
    error: "Shopify didn't accept registering the rates service.",
    not_allowed_by_plan: "Your Shopify plan doesn't allow third-party calculated rates.",
    plan: "Third-party calculated rates need the Advanced plan or higher, yearly billing, or the add-on.",
    carrier_not_registered: "Known once the rates service is registered.",
    profiles_missing: "Missing from: {profiles} ({variants} variants; for example {products}).",
    market_driven:
      "Your store sets up shipping by market: our rates are not among the shipping options of the “{market}” market, where buyers in Mexico are.",
    market_missing:
      "Your store sets up shipping by market, and no market includes Mexico: add Mexico to a market and our rates to its shipping options.",
    unreadable:
      "We couldn't read your shipping settings in Shopify; they are checked again on their own in a few minutes.",
    late: "Answered in {durationMs} ms; your store's limit is {deadlineMs} ms.",
    failed: "The quote gave no rates ({outcome}).",
    nothing_to_quote: "No products registered at the service to quote yet.",
    withheld: "Shopify hides order addresses from the app: orders can't be sent to the warehouse.",
    no_orders: "Known with the first order.",
    rechecking: "Something changed since the last check: checking again.",
  },
  okDetail: {
    test_quote: "Answered in {durationMs} ms (limit {deadlineMs} ms).",
  },
  fixes: {
    addRates: "Add our rates to checkout",
    settings: "Go to Settings",
    rates: "Try rates",
    openAdmin: "Open in Shopify",
    shipping:
      "In Shopify: Settings → Shipping and delivery → open each shipping profile named above → in the Mexico zone, “Add rate” → “Use carrier or app to calculate rates” → choose this app's “Envíos” → Save.",
    markets:
      "In Shopify: Markets → Mexico → Shipping → “Add shipping option” → “Carrier calculated” → choose this app's “Envíos” → Save.",
    plan: "In Shopify: Settings → Plan: move to Advanced or higher, to yearly billing, or add third-party calculated rates.",
    customer_data:
      "The app's developer must request protected customer data access (name, address and phone) from Shopify in the Partner Dashboard → App → API access.",
  },
  outcome: {
    added: "Done: we added our rates to {changed} shipping profile(s).",
    nothing: "Nothing to add: our rates were already in your shipping settings.",
    refused: "Shopify didn't let the app add them. {problem} You can also follow the steps below.",
    failed: "We couldn't add them now. {problem}",
    no_carrier: "Connect your account first: the rates service isn't registered yet.",
    rechecked: "Check finished.",
  },
};
