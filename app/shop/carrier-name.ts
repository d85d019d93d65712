/**
 * The name the app registers its carrier service under (`carrierServiceCreate`), which Shopify
 * copies into the `source` of every shipping line our carrier priced: how an order tells our rates
 * from another carrier app's, whose codes (EXPRESS…) may be the same as ours.
 */
import { DEFAULT_SERVICE_NAME } from "../svc/options";

/** The carrier service's name for the service's short name (SVC_NAME). */
export function carrierServiceName(serviceName: string = DEFAULT_SERVICE_NAME): string {
  return `Envíos ${serviceName}`;
}
