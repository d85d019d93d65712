/**
 * Request specs of every endpoint: path, body, whether it has side effects, and how its answer
 * is validated and mapped. The client wires these to the transport, so each endpoint's wire
 * knowledge lives in one place.
 */
export { authSpec } from "./auth";
export { createProductsSpec, getProductSpec } from "./catalogue";
export { getReceptionSpec, getStockSpec, listPickupOrdersSpec } from "./inventory";
export { createOrderSpec, getOrderSpec, quoteSpec,   } from "./shipping";
