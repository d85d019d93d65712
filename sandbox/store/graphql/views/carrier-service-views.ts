import type { CarrierServiceRecord } from "../../state/records";

export function carrierServiceView(service: CarrierServiceRecord) {
  return {
    __typename: "DeliveryCarrierService",
    id: service.id,
    name: service.name,
    // Shopify shows app-provided rates with this suffix in the admin.
    formattedName: `${service.name} (Rates provided by app)`,
    callbackUrl: service.callbackUrl,
    active: service.active,
    supportsServiceDiscovery: service.supportsServiceDiscovery,
  };
}
