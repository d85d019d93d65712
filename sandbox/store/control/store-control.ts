/**
 * The merchant's (and Shopify's back office's) side of the store, for tests and the demo: change
 * orders and fulfilment orders as the admin would, and send the signed webhooks and
 * fulfilment-service notifications Shopify sends for each change. See README "Test control API".
 */
import { randomUUID } from "node:crypto";
import { numericId, toGid } from "../ids";
import { fulfillmentOrderCopy } from "../inspection";
import {
  FulfillmentOrderRefusal,
  cancelPaidOrder,
  mergeFulfillmentOrders,
  moveFulfillmentOrder,
  unitsBySku,
  refundLines,
} from "../orders/fulfillment-order-moves";
import { markAsOpen, reportProgress } from "../orders/fulfillment-order-progress";
import { changeShippingAddress } from "../orders/order-changes";
import type { AddressInput, PaidOrderInput } from "../orders/order-input";
import { orderPayload, type OrderPaidPayload } from "../orders/order-payload";
import type { OrdersApi } from "../orders/orders-api";
import { customerDataAccess, type CustomerDataAccess } from "../state/protected-customer-data";
import type { FulfillmentOrderRecord, OrderRecord } from "../state/records";
import { addLocation, type LocationInput, type ShopState } from "../state/shop-state";
import type { WebhookSender } from "../webhooks/deliver";
import { createShippingControl, type ShippingControl } from "./shipping-control";
import {
  sendFlowAction,
  changeFlowWorkflow,
  deliverFlowLifecycle,
  type FlowAppEndpoint,
  type FlowLifecycleRecord,
  type FlowWorkflow,
  type FlowWorkflowChange,
  type FlowActionRecord,
  type FlowTriggerDefinition,
  type FlowTriggerRefusal,
  type FlowTriggerRun,
} from "../flow/flow";
import { ControlError, type AppRegistration } from "./control-error";

export { ControlError, type AppRegistration };

interface DeliveryRecord {
  topic: string;
  url: string;
  eventId: string;
  webhookId: string;
  triggeredAt: string;
  payload: unknown;
  /** The app's HTTP status; null when it could not be reached (see `error`). */
  status: number | null;
  error?: string;
  redelivery: boolean;
}

interface FulfillmentOrderSummary {
  id: string;
  orderId: string;
  status: string;
  requestStatus: string;
  locationId: string;
  locationName: string;
  deliveryMethod: string;
  holds: { id: string; reason: string; reasonNotes: string | null }[];
  lineItems: { id: string; lineItemId: string; sku: string | null; totalQuantity: number; remainingQuantity: number }[];
}

type Deliveries = { deliveries: Array<Omit<DeliveryRecord, "payload">> };

export interface StoreControl extends ShippingControl {
  setApp(domain: string, app: AppRegistration): void;
  /**
   * Grants or withholds the app's protected customer data on the shop (Shopify's review in the
   * Partner Dashboard): Level 2 with the fields approved, or Level 1/0 with no identifying field.
   */
  setCustomerDataAccess(
    domain: string,
    access: { level: unknown; fields?: unknown },
  ): { customerData: CustomerDataAccess };
  addLocation(domain: string, input: LocationInput): { location: { id: string; name: string } };
  locations(domain: string): { locations: { id: string; name: string; isActive: boolean }[] };
  createOrder(
    domain: string,
    input: PaidOrderInput & { deliver?: boolean },
  ): Promise<{ order: OrderPaidPayload; fulfillmentOrders: FulfillmentOrderSummary[] } & Deliveries>;
  order(domain: string, orderId: string): { order: OrderPaidPayload; fulfillmentOrders: FulfillmentOrderSummary[] };
  cancel(domain: string, orderId: string, input?: { reason?: string; deliver?: boolean }): Promise<ActionResult>;
  refund(
    domain: string,
    orderId: string,
    input: { lines: Record<string, number>; deliver?: boolean },
  ): Promise<ActionResult>;
  edit(
    domain: string,
    orderId: string,
    input: { quantities?: Record<string, number>; add?: { sku: string; quantity: number }[]; deliver?: boolean },
  ): Promise<ActionResult>;
  hold(
    domain: string,
    foId: string,
    input?: { reason?: string; notes?: string | null; handle?: string | null; deliver?: boolean },
  ): Promise<ActionResult>;
  /** The merchant corrects the order's shipping address in the admin: orders/updated follows. */
  changeShippingAddress(
    domain: string,
    orderId: string,
    input: { address: AddressInput; deliver?: boolean },
  ): Promise<ActionResult>;
  /**
   * Sends the webhooks an app's Admin GraphQL mutation causes (its own holds and releases), in the
   * background as Shopify does; `webhooksIdle` resolves once every one sent so far was answered.
   */
  emit(domain: string, events: Array<[string, unknown]>): void;
  webhooksIdle(): Promise<void>;
  releaseHold(domain: string, foId: string, input?: { holdIds?: string[]; deliver?: boolean }): Promise<ActionResult>;
  split(
    domain: string,
    foId: string,
    input: { lines: Record<string, number>; deliver?: boolean },
  ): Promise<ActionResult>;
  /** `lines`, by fulfilment order id: the units by SKU to merge from it (absent: all it has left). */
  merge(
    domain: string,
    input: { ids: string[]; lines?: Record<string, Record<string, number>>; deliver?: boolean },
  ): Promise<ActionResult>;
  /** `lines`: the units by SKU to move (absent: everything unfulfilled). */
  move(
    domain: string,
    foId: string,
    input: { locationId: string; lines?: Record<string, number>; deliver?: boolean },
  ): Promise<ActionResult>;
  /** Another app (or the merchant's own tool) reports progress: IN_PROGRESS, no move until marked open. No webhook. */
  reportProgress(domain: string, foId: string, input?: { reasonNotes?: string }): Promise<ActionResult>;
  /** The merchant's "Mark as open" (fulfillmentOrderOpen): a scheduled one opens, reported progress is resolved. No webhook. */
  markAsOpen(domain: string, foId: string): Promise<ActionResult>;
  requestFulfillment(
    domain: string,
    foId: string,
    input?: { message?: string; deliver?: boolean },
  ): Promise<ActionResult>;
  requestCancellation(
    domain: string,
    foId: string,
    input?: { message?: string; deliver?: boolean },
  ): Promise<ActionResult>;
  deliveries(domain: string): { deliveries: DeliveryRecord[] };
  /** Sends a past delivery again exactly as it was (payload, event id, webhook id, trigger time). */
  redeliver(domain: string, eventId: string): Promise<Deliveries>;
  /**
   * The app's Flow trigger extensions as deployed (handle, name and TOML fields): what the intake
   * accepts; and its lifecycle callback extension's url (relative to the app's), if it has one.
   */
  defineFlowTriggers(
    domain: string,
    triggers: FlowTriggerDefinition[],
    lifecycleUrl?: string | null,
  ): { handles: string[] };
  /** The triggers `flowTriggerReceive` took (with their payloads) and refused, in order. */
  flowTriggers(domain: string): { received: FlowTriggerRun[]; refused: FlowTriggerRefusal[] };
  /**
   * Flow runs an action of the app: POSTs the signed request to `url` (the action's runtime_url)
   * with the app's secret. Reuse `actionRunId` to send the same run again; `signature` replaces
   * the signature (a forged request).
   */
  sendFlowAction(
    domain: string,
    input: {
      url: string;
      handle: string;
      properties: Record<string, unknown>;
      actionRunId?: string;
      signature?: string;
    },
  ): Promise<{ action: FlowActionRecord }>;
  flowActions(domain: string): { actions: FlowActionRecord[] };
  /**
   * The merchant enables or disables a workflow using a trigger of the app: Flow POSTs the signed
   * lifecycle callback to the app (an enable stands only if the app answers 2xx in time). `hold`
   * keeps a disable's callback back, to deliver late with deliverFlowLifecycle.
   */
  setFlowWorkflow(
    domain: string,
    change: FlowWorkflowChange,
  ): Promise<{ workflow: FlowWorkflow; callback: FlowLifecycleRecord | null }>;
  deliverFlowLifecycle(domain: string, id: string): Promise<{ callback: FlowLifecycleRecord }>;
  /** The merchant's workflows and every lifecycle callback Flow made, in order. */
  flowWorkflows(domain: string): { workflows: FlowWorkflow[]; lifecycle: FlowLifecycleRecord[] };
}

type ActionResult = {
  order: OrderPaidPayload;
  fulfillmentOrders: FulfillmentOrderSummary[];
  /** The webhook payload of the change's main topic. */
  payload: unknown;
  notification?: { status: number | null; error?: string };
} & Deliveries;

interface ShopControl {
  app: AppRegistration | null;
  deliveries: DeliveryRecord[];
}

/** Wraps an orders-api or state error into the control API's status: unknown things 404, the rest 409. */
function classify(error: unknown): never {
  if (error instanceof ControlError) throw error;
  if (error instanceof FulfillmentOrderRefusal) throw new ControlError(409, error.message);
  const message = error instanceof Error ? error.message : String(error);
  if (/^no (order|fulfilment order|location|variant) /.test(message)) throw new ControlError(404, message);
  if (/^(quantity must|an order needs)/.test(message)) throw new ControlError(400, message);
  throw new ControlError(409, message);
}

export function createStoreControl(deps: {
  shopOf: (domain: string) => ShopState;
  orders: OrdersApi;
  sender: WebhookSender;
  now: () => number;
}): StoreControl {
  const { orders, sender, now } = deps;
  const controls = new Map<string, ShopControl>();
  /** Webhooks caused by Admin GraphQL mutations, still being delivered. */
  const background = new Set<Promise<void>>();
  const controlOf = (domain: string): ShopControl => {
    deps.shopOf(domain);
    let control = controls.get(domain);
    if (!control) controls.set(domain, (control = { app: null, deliveries: [] }));
    return control;
  };
  const shopOf = (domain: string): ShopState => {
    try {
      return deps.shopOf(domain);
    } catch (error) {
      throw new ControlError(404, error instanceof Error ? error.message : String(error));
    }
  };
  /** Where and how Flow reaches the app registered for the shop. */
  const flowApp = (domain: string): FlowAppEndpoint => {
    const app = controlOf(domain).app;
    if (!app) throw new ControlError(409, `no app registered for ${domain}`);
    return { appUrl: app.appUrl, secret: app.secret, domain, shopId: shopOf(domain).id, fetch: app.fetch };
  };
  const orderOf = (shop: ShopState, id: string): OrderRecord => {
    const order = shop.orders.get(toGid("Order", id));
    if (!order) throw new ControlError(404, `no order ${id} in ${shop.domain}`);
    return order;
  };
  const foOf = (shop: ShopState, id: string): FulfillmentOrderRecord => {
    const fo = shop.fulfillmentOrders.get(toGid("FulfillmentOrder", id));
    if (!fo) throw new ControlError(404, `no fulfilment order ${id} in ${shop.domain}`);
    return fo;
  };
  const summary = (shop: ShopState, fo: FulfillmentOrderRecord): FulfillmentOrderSummary => ({
    ...fulfillmentOrderCopy(shop, fo),
    locationName: shop.locations.get(fo.locationId)?.name ?? "",
    holds: fo.holds.map((h) => ({ ...h })),
  });
  const view = (shop: ShopState, order: OrderRecord) => ({
    order: orderPayload(shop, order),
    fulfillmentOrders: order.fulfillmentOrderIds.map((id) => summary(shop, shop.fulfillmentOrders.get(id)!)),
  });

  async function post(control: ShopControl, domain: string, delivery: Omit<DeliveryRecord, "status" | "error">) {
    const record: DeliveryRecord = { ...delivery, status: null };
    try {
      const response = await sender.sendWebhook({
        url: delivery.url,
        secret: control.app!.secret,
        topic: delivery.topic,
        domain,
        payload: delivery.payload,
        eventId: delivery.eventId,
        webhookId: delivery.webhookId,
        triggeredAt: delivery.triggeredAt,
        fetch: control.app!.fetch,
      });
      record.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    control.deliveries.push(record);
    return record;
  }

  /** Sends each (topic, payload) to every subscription of that topic, in order; one event id per topic. */
  async function fire(domain: string, events: Array<[string, unknown]>, deliver = true): Promise<Deliveries> {
    const control = controlOf(domain);
    const sent: DeliveryRecord[] = [];
    if (!deliver || !control.app) return { deliveries: [] };
    const triggeredAt = new Date(now()).toISOString();
    for (const [topic, payload] of events) {
      const eventId = randomUUID();
      for (const subscription of control.app.webhooks.filter((w) => w.topic === topic)) {
        const url = control.app.appUrl ? new URL(subscription.uri, control.app.appUrl).toString() : subscription.uri;
        sent.push(
          await post(control, domain, {
            topic,
            url,
            eventId,
            webhookId: randomUUID(),
            triggeredAt,
            payload,
            redelivery: false,
          }),
        );
      }
    }
    return { deliveries: sent.map(({ payload: _payload, ...rest }) => rest) };
  }

  async function act(
    domain: string,
    orderOfChange: (shop: ShopState) => OrderRecord,
    change: (shop: ShopState) => { payload: unknown; events: Array<[string, unknown]> },
    deliver: boolean | undefined,
  ): Promise<ActionResult> {
    const shop = shopOf(domain);
    let done: { payload: unknown; events: Array<[string, unknown]> };
    let order: OrderRecord;
    try {
      order = orderOfChange(shop);
      done = change(shop);
      // Any change to an order or its fulfilment orders moves its updated_at, which orders(query:) filters on.
      order.updatedAt = now();
    } catch (error) {
      classify(error);
    }
    const sent = await fire(domain, done.events, deliver);
    return { ...view(shop, order), payload: done.payload, ...sent };
  }

  async function notify(domain: string, fo: FulfillmentOrderRecord, kind: string, deliver: boolean | undefined) {
    const shop = shopOf(domain);
    const control = controlOf(domain);
    const service = [...shop.fulfillmentServices.values()].find((s) => s.locationId === fo.locationId);
    if (deliver === false || !control.app || !service?.callbackUrl) return undefined;
    try {
      const response = await sender.sendFulfillmentServiceNotification({
        callbackUrl: service.callbackUrl,
        secret: control.app.secret,
        domain,
        body: { kind },
        fetch: control.app.fetch,
      });
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  const orderOfFo = (foId: string) => (shop: ShopState) => shop.orders.get(foOf(shop, foId).orderId)!;
  const foBrief = (fo: FulfillmentOrderRecord) => ({
    id: fo.id,
    status: fo.status.toLowerCase(),
    request_status: fo.requestStatus.toLowerCase(),
  });

  return {
    setCustomerDataAccess(domain, access) {
      const shop = shopOf(domain);
      try {
        shop.customerData = customerDataAccess(access);
      } catch (error) {
        throw new ControlError(400, (error as Error).message);
      }
      return { customerData: { ...shop.customerData, fields: [...shop.customerData.fields] } };
    },
    ...createShippingControl({ shopOf, appOf: (domain) => controlOf(domain).app, sender }),
    setApp(domain, app) {
      controlOf(domain).app = { ...app, webhooks: app.webhooks.map((w) => ({ ...w })) };
    },
    addLocation(domain, input) {
      const shop = shopOf(domain);
      if ([...shop.locations.values()].some((l) => l.name === input.name))
        throw new ControlError(409, `location ${input.name} already exists in ${domain}`);
      const { id, name } = addLocation(shop, input);
      return { location: { id, name } };
    },
    locations(domain) {
      const shop = shopOf(domain);
      return { locations: [...shop.locations.values()].map((l) => ({ id: l.id, name: l.name, isActive: l.isActive })) };
    },
    async createOrder(domain, input) {
      const shop = shopOf(domain);
      let payload: OrderPaidPayload;
      try {
        payload = orders.createPaid(domain, input);
      } catch (error) {
        classify(error);
      }
      const order = orderOf(shop, payload.admin_graphql_api_id);
      const routed = order.fulfillmentOrderIds.map((id): [string, unknown] => [
        "fulfillment_orders/order_routing_complete",
        { fulfillment_order: { id, status: "open" } },
      ]);
      const sent = await fire(domain, [["orders/create", payload], ["orders/paid", payload], ...routed], input.deliver);
      return { ...view(shop, order), ...sent };
    },
    order(domain, orderId) {
      const shop = shopOf(domain);
      return view(shop, orderOf(shop, orderId));
    },
    cancel(domain, orderId, input = {}) {
      return act(
        domain,
        (shop) => orderOf(shop, orderId),
        (shop) => {
          const order = orderOf(shop, orderId);
          const open = order.fulfillmentOrderIds
            .map((id) => shop.fulfillmentOrders.get(id)!)
            .filter((fo) => fo.status !== "CLOSED" && fo.status !== "CANCELLED");
          cancelPaidOrder(shop, order, input.reason ?? "CUSTOMER", now());
          const payload = orderPayload(shop, order);
          return {
            payload,
            events: [
              ["orders/cancelled", payload],
              ...open.map((fo): [string, unknown] => [
                "fulfillment_orders/cancelled",
                { fulfillment_order: { id: fo.id, status: "cancelled" }, replacement_fulfillment_order: null },
              ]),
              ["orders/updated", payload],
            ],
          };
        },
        input.deliver,
      );
    },
    refund(domain, orderId, input) {
      return act(
        domain,
        (shop) => orderOf(shop, orderId),
        (shop) => {
          const order = orderOf(shop, orderId);
          const refund = refundLines(shop, order, input.lines, now());
          return {
            payload: refund,
            events: [
              ["refunds/create", refund],
              ["orders/updated", orderPayload(shop, order)],
            ],
          };
        },
        input.deliver,
      );
    },
    edit(domain, orderId, input) {
      return act(
        domain,
        (shop) => orderOf(shop, orderId),
        (shop) => {
          const edited = orders.edit(domain, orderId, { quantities: input.quantities, add: input.add });
          const order = orderOf(shop, orderId);
          return {
            payload: edited,
            events: [
              ["orders/edited", edited],
              ["orders/updated", orderPayload(shop, order)],
            ],
          };
        },
        input.deliver,
      );
    },
    hold(domain, foId, input = {}) {
      return act(
        domain,
        orderOfFo(foId),
        () => {
          const held = orders.hold(domain, foId, input.reason ?? "OTHER", input.notes ?? null, input.handle ?? null);
          return { payload: held, events: [["fulfillment_orders/placed_on_hold", held]] };
        },
        input.deliver,
      );
    },
    changeShippingAddress(domain, orderId, input) {
      return act(
        domain,
        (shop) => orderOf(shop, orderId),
        (shop) => {
          const order = orderOf(shop, orderId);
          changeShippingAddress(order, input.address, now());
          const payload = orderPayload(shop, order);
          return { payload, events: [["orders/updated", payload]] };
        },
        input.deliver,
      );
    },
    emit(domain, events) {
      const sending = fire(domain, events).then(() => undefined);
      background.add(sending);
      void sending.finally(() => background.delete(sending));
    },
    async webhooksIdle() {
      while (background.size > 0) await Promise.all([...background]);
    },
    releaseHold(domain, foId, input = {}) {
      return act(
        domain,
        orderOfFo(foId),
        (shop) => {
          const fo = foOf(shop, foId);
          let released = orders.releaseHold(domain, foId, input.holdIds?.[0]);
          for (const holdId of input.holdIds?.slice(1) ?? []) {
            if (fo.status === "ON_HOLD") released = orders.releaseHold(domain, foId, holdId);
          }
          return { payload: released, events: [["fulfillment_orders/hold_released", released]] };
        },
        input.deliver,
      );
    },
    split(domain, foId, input) {
      return act(
        domain,
        orderOfFo(foId),
        () => {
          const split = orders.split(domain, foId, input.lines);
          return { payload: split, events: [["fulfillment_orders/split", split]] };
        },
        input.deliver,
      );
    },
    merge(domain, input) {
      return act(
        domain,
        (shop) => shop.orders.get(foOf(shop, input.ids[0] ?? "").orderId)!,
        (shop) => {
          const fos = input.ids.map((id) => foOf(shop, id));
          const lines = input.lines ?? {};
          const quantities = input.ids.map((id, index) => {
            const bySku = lines[id] ?? lines[fos[index]!.id];
            return bySku ? unitsBySku(shop, fos[index]!, bySku) : null;
          });
          const { payload } = mergeFulfillmentOrders(shop, fos, now(), quantities);
          return { payload, events: [["fulfillment_orders/merged", payload]] };
        },
        input.deliver,
      );
    },
    move(domain, foId, input) {
      return act(
        domain,
        orderOfFo(foId),
        (shop) => {
          const fo = foOf(shop, foId);
          const lines = input.lines ? unitsBySku(shop, fo, input.lines) : null;
          const { payload } = moveFulfillmentOrder(shop, fo, input.locationId, now(), lines);
          return { payload, events: [["fulfillment_orders/moved", payload]] };
        },
        input.deliver,
      );
    },
    reportProgress(domain, foId, input = {}) {
      return act(
        domain,
        orderOfFo(foId),
        (shop) => {
          const fo = reportProgress(shop, foOf(shop, foId), input.reasonNotes ?? null, now());
          return { payload: { fulfillment_order: { id: fo.id, status: fo.status.toLowerCase() } }, events: [] };
        },
        false,
      );
    },
    markAsOpen(domain, foId) {
      return act(
        domain,
        orderOfFo(foId),
        (shop) => {
          const fo = markAsOpen(shop, foOf(shop, foId), now());
          return { payload: { fulfillment_order: { id: fo.id, status: fo.status.toLowerCase() } }, events: [] };
        },
        false,
      );
    },
    async requestFulfillment(domain, foId, input = {}) {
      const result = await act(
        domain,
        orderOfFo(foId),
        (shop) => {
          const fo = foOf(shop, foId);
          const before = foBrief(fo);
          orders.requestFulfillment(domain, foId);
          const payload = {
            original_fulfillment_order: before,
            submitted_fulfillment_order: foBrief(fo),
            fulfillment_order_merchant_request: {
              id: `gid://shopify/FulfillmentOrderMerchantRequest/${numericId(fo.id)}`,
              message: input.message ?? null,
            },
          };
          return { payload, events: [["fulfillment_orders/fulfillment_request_submitted", payload]] };
        },
        input.deliver,
      );
      const notification = await notify(domain, foOf(shopOf(domain), foId), "FULFILLMENT_REQUEST", input.deliver);
      return notification ? { ...result, notification } : result;
    },
    async requestCancellation(domain, foId, input = {}) {
      const result = await act(
        domain,
        orderOfFo(foId),
        (shop) => {
          const fo = foOf(shop, foId);
          orders.requestCancellation(domain, foId);
          const payload = {
            fulfillment_order: foBrief(fo),
            fulfillment_order_merchant_request: {
              id: `gid://shopify/FulfillmentOrderMerchantRequest/${numericId(fo.id) + 1}`,
              message: input.message ?? null,
            },
          };
          return { payload, events: [["fulfillment_orders/cancellation_request_submitted", payload]] };
        },
        input.deliver,
      );
      const notification = await notify(domain, foOf(shopOf(domain), foId), "CANCELLATION_REQUEST", input.deliver);
      return notification ? { ...result, notification } : result;
    },
    deliveries(domain) {
      return { deliveries: controlOf(domain).deliveries.map((d) => ({ ...d })) };
    },
    defineFlowTriggers(domain, triggers, lifecycleUrl) {
      const flow = shopOf(domain).flow;
      flow.triggers.clear();
      for (const trigger of triggers)
        flow.triggers.set(trigger.handle, {
          handle: trigger.handle,
          name: trigger.name,
          fields: trigger.fields.map((f) => ({ ...f })),
        });
      if (lifecycleUrl !== undefined) flow.lifecycleUrl = lifecycleUrl;
      return { handles: [...flow.triggers.keys()] };
    },
    flowTriggers(domain) {
      const { received, refused } = shopOf(domain).flow;
      return { received: structuredClone(received), refused: refused.map((r) => ({ ...r })) };
    },
    async sendFlowAction(domain, input) {
      const shop = shopOf(domain);
      const app = controlOf(domain).app;
      if (!app) throw new ControlError(409, `no app registered for ${domain}`);
      const url = app.appUrl ? new URL(input.url, app.appUrl).toString() : input.url;
      const action = await sendFlowAction(shop.flow, {
        ...input,
        url,
        secret: app.secret,
        domain,
        shopId: shop.id,
        fetch: app.fetch,
      });
      return { action };
    },
    flowActions(domain) {
      return { actions: structuredClone(shopOf(domain).flow.actions) };
    },
    async setFlowWorkflow(domain, change) {
      const shop = shopOf(domain);
      try {
        return await changeFlowWorkflow(shop.flow, change, flowApp(domain), now());
      } catch (error) {
        if (error instanceof ControlError) throw error;
        throw new ControlError(400, error instanceof Error ? error.message : String(error));
      }
    },
    async deliverFlowLifecycle(domain, id) {
      const flow = shopOf(domain).flow;
      if (!flow.lifecycle.some((c) => c.id === id && c.held))
        throw new ControlError(404, `no held lifecycle callback ${id} in ${domain}`);
      return { callback: await deliverFlowLifecycle(flow, id, flowApp(domain)) };
    },
    flowWorkflows(domain) {
      const { workflows, lifecycle } = shopOf(domain).flow;
      return { workflows: [...workflows.values()].map((w) => ({ ...w })), lifecycle: structuredClone(lifecycle) };
    },
    async redeliver(domain, eventId) {
      const control = controlOf(domain);
      const originals = control.deliveries.filter((d) => d.eventId === eventId && !d.redelivery);
      if (originals.length === 0) throw new ControlError(404, `no delivery with event id ${eventId} in ${domain}`);
      if (!control.app) throw new ControlError(409, `no app registered for ${domain}`);
      const sent: DeliveryRecord[] = [];
      for (const original of originals) {
        const { status: _status, error: _error, ...again } = original;
        sent.push(await post(control, domain, { ...again, redelivery: true }));
      }
      return { deliveries: sent.map(({ payload: _payload, ...rest }) => rest) };
    },
  };
}
