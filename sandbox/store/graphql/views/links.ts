// Views refer to each other in cycles (an order shows its fulfilment orders, which show their
// order; a variant its inventory item, which shows its variant; a metafield its owner, any node).
// The back references go through this table, filled by the module that defines each view when it
// loads, so no view module imports one that imports it back. node.ts loads every view.
import type { LineItemRecord, OrderRecord, ShippingLineRecord, VariantRecord } from "../../state/records";
import type { StoreContext } from "../context";

export interface ViewLinks {
  nodeById(ctx: StoreContext, id: string): unknown;
  orderView(ctx: StoreContext, order: OrderRecord): unknown;
  lineItemView(ctx: StoreContext, item: LineItemRecord, currency: string): unknown;
  variantView(ctx: StoreContext, variant: VariantRecord): unknown;
  shippingLineView(line: ShippingLineRecord, currency: string): unknown;
}

const table: Partial<ViewLinks> = {};

/** Called by the module that defines the views. */
export function linkViews(part: Partial<ViewLinks>): void {
  Object.assign(table, part);
}

/** The linked views; calling one whose module never loaded is a programming error. */
export const views: ViewLinks = {
  nodeById: (...args) => need("nodeById")(...args),
  orderView: (...args) => need("orderView")(...args),
  lineItemView: (...args) => need("lineItemView")(...args),
  variantView: (...args) => need("variantView")(...args),
  shippingLineView: (...args) => need("shippingLineView")(...args),
};

function need<K extends keyof ViewLinks>(name: K): ViewLinks[K] {
  const view = table[name];
  if (!view) throw new Error(`view ${name} is not linked: import ./node (it loads every view)`);
  return view;
}
