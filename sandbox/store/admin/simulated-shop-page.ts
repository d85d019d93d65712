/**
 * «Tienda simulada» / "Simulated store": a page of the admin stand-in where a person drives the
 * demo without a terminal (README "Simulated store page"):
 *
 * - `GET /admin/simulated-shop?shop=&locale=` — the store's orders, each with its fulfilment
 *   orders (status, holds), what the app did to it (tags, fulfilments with tracking) and its order
 *   at the service; forms to create and pay an order from the catalogue, cancel it, hold and
 *   release a fulfilment order, change its shipping address, advance the warehouse and move the
 *   service's clock.
 * - `POST /admin/simulated-shop?shop=&locale=` with `action` — does it through the store's control
 *   API (the same signed webhooks and notifications) or the service sandbox's own `/__sandbox`
 *   routes, then redirects back (303) with what was done; a refused action answers the page again
 *   with the reason (400 bad input, 404 unknown, 409 refused, 502 the service could not be reached).
 *
 * Plain server-rendered HTML and forms; every value is escaped.
 */
import type { StoreControl } from "../control/store-control";
import { ControlError } from "../control/control-error";
import { numericId, toGid } from "../ids";
import type { AddressInput } from "../orders/order-input";
import type { ShopState } from "../state/shop-state";

export const SIMULATED_SHOP_PATH = "/admin/simulated-shop";

/** The service sandbox the store drives the warehouse through (scripts/demo.ts wires it). */
export interface ServiceLink {
  url: string;
  apiKey: string;
  /**
   * Called after the page moved the warehouse or the clock: the app reads the service on its own
   * schedule (minutes), so the demo uses it to ask the app to read it now.
   */
  afterMove?: () => Promise<void>;
}

type Locale = "es" | "en";

const WORDS = {
  es: {
    title: "Tienda simulada",
    intro:
      "Lo que harían un comprador, el comercio en el admin de Shopify y el almacén del servicio. Cada acción envía a la app los mismos webhooks firmados que Shopify.",
    language: "Idioma",
    newOrder: "Crear y pagar un pedido",
    product: "Producto",
    price: "Precio",
    quantity: "Cantidad",
    destination: "Destino",
    pay: "Pagar pedido",
    orders: "Pedidos de la tienda",
    noOrders: "Aún no hay pedidos.",
    order: "Pedido",
    items: "Artículos",
    total: "Total",
    fulfillmentOrders: "Órdenes de preparación",
    holds: "Retenciones",
    tags: "Etiquetas",
    fulfillments: "Preparaciones y rastreo",
    none: "Ninguna",
    atService: "En el servicio",
    notAtService: "Aún no llega al almacén",
    cancelled: "Cancelado",
    cancel: "Cancelar pedido",
    hold: "Retener",
    release: "Liberar",
    changeAddress: "Cambiar dirección",
    warehouse: "Almacén",
    accept: "Aceptar",
    ship: "Enviar",
    deliver: "Entregar",
    short: "Faltó una unidad",
    clock: "Reloj del servicio",
    clockNow: "Hora del servicio",
    advance: "Adelantar",
    minutes: "minutos",
    serviceMissing: "La tienda no conoce el servicio (sandbox): el almacén y el reloj no están disponibles.",
    done: "Hecho",
    refused: "No se pudo",
    back: "Volver al admin de la app",
    actions: {
      create: "Pedido creado y pagado",
      cancel: "Pedido cancelado",
      hold: "Orden retenida",
      release: "Retención liberada",
      address: "Dirección cambiada",
      accept: "El almacén aceptó el pedido",
      ship: "El pedido salió en camino",
      deliver: "El pedido se entregó",
      short: "El almacén empacó una unidad menos",
      clock: "El reloj del servicio avanzó",
    } as Record<string, string>,
  },
  en: {
    title: "Simulated store",
    intro:
      "What a buyer, the merchant in Shopify's admin and the service's warehouse would do. Each action sends the app the same signed webhooks as Shopify.",
    language: "Language",
    newOrder: "Create and pay an order",
    product: "Product",
    price: "Price",
    quantity: "Quantity",
    destination: "Destination",
    pay: "Pay order",
    orders: "The store's orders",
    noOrders: "No orders yet.",
    order: "Order",
    items: "Items",
    total: "Total",
    fulfillmentOrders: "Fulfilment orders",
    holds: "Holds",
    tags: "Tags",
    fulfillments: "Fulfilments and tracking",
    none: "None",
    atService: "At the service",
    notAtService: "Not at the warehouse yet",
    cancelled: "Cancelled",
    cancel: "Cancel order",
    hold: "Hold",
    release: "Release",
    changeAddress: "Change address",
    warehouse: "Warehouse",
    accept: "Accept",
    ship: "Ship",
    deliver: "Deliver",
    short: "One unit short",
    clock: "Service clock",
    clockNow: "Service time",
    advance: "Advance",
    minutes: "minutes",
    serviceMissing: "The store does not know the service (sandbox): the warehouse and the clock are unavailable.",
    done: "Done",
    refused: "Could not",
    back: "Back to the app's admin",
    actions: {
      create: "Order created and paid",
      cancel: "Order cancelled",
      hold: "Fulfilment order held",
      release: "Hold released",
      address: "Address changed",
      accept: "The warehouse accepted the order",
      ship: "The order is in transit",
      deliver: "The order was delivered",
      short: "The warehouse packed one unit less",
      clock: "The service clock moved",
    } as Record<string, string>,
  },
} as const;

/** Ready Mexican destinations; `sin-numero` has no exterior number (sin número). */
const READY_ADDRESSES: Record<string, { label: string; address: AddressInput }> = {
  cdmx: {
    label: "Av. Paseo de la Reforma 222, Juárez, 06600 Ciudad de México, CDMX",
    address: {
      firstName: "Ana",
      lastName: "López",
      address1: "Av. Paseo de la Reforma 222",
      address2: "Col. Juárez",
      city: "Ciudad de México",
      province: "Ciudad de México",
      provinceCode: "DF",
      zip: "06600",
      country: "Mexico",
      countryCode: "MX",
      phone: "+52 55 5555 0101",
    },
  },
  monterrey: {
    label: "Calle Padre Mier 1200, Centro, 64000 Monterrey, N.L.",
    address: {
      firstName: "Luis",
      lastName: "Garza",
      address1: "Calle Padre Mier 1200",
      address2: "Col. Centro",
      city: "Monterrey",
      province: "Nuevo León",
      provinceCode: "NL",
      zip: "64000",
      country: "Mexico",
      countryCode: "MX",
      phone: "+52 81 5555 0202",
    },
  },
  "sin-numero": {
    label: "Camino Real a Tlalixtac S/N, Tlalixtac de Cabrera, 68270 Oaxaca",
    address: {
      firstName: "María",
      lastName: "Hernández",
      address1: "Camino Real a Tlalixtac",
      address2: null,
      city: "Tlalixtac de Cabrera",
      province: "Oaxaca",
      provinceCode: "OAX",
      zip: "68270",
      country: "Mexico",
      countryCode: "MX",
      phone: "+52 951 555 0303",
    },
  },
};

const CLOCK_STEPS = [5, 30, 60, 240, 1440] as const;

/** Escapes a value for HTML text and double-quoted attributes. */
function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

interface ServiceOrder {
  id: string;
  status: string;
  createdAt: string | number;
  /** The body as the app sent it: lines name the SKU as `identificador`. */
  request: { tienda_orden_ref?: string; productos?: Array<{ identificador?: string; cantidad?: number }> };
}

const MINUTE = 60_000;
/** The sandbox's timeline (sandbox/service README "Status timeline"), from the order's creation. */
const AT = { PICK: 5 * MINUTE, IN_TRANSIT: 60 * MINUTE } as const;

class ServiceError extends Error {}

function serviceClient(link: ServiceLink) {
  const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    let response: Response;
    try {
      const auth = await fetch(`${link.url}/api/rest/auth`, { method: "POST", headers: { "x-api-key": link.apiKey } });
      if (!auth.ok) throw new ServiceError(`the service refused the API key (${auth.status})`);
      const token = ((await auth.json()) as { AuthWithAPIkey: { accessToken: string } }).AuthWithAPIkey.accessToken;
      response = await fetch(`${link.url}${path}`, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      throw new ServiceError(`the service at ${link.url} could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new ServiceError(`${init.method ?? "GET"} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  };
  return {
    orders: async () => ((await call("/__sandbox/orders")) as { orders: ServiceOrder[] }).orders,
    clock: async () => (await call("/__sandbox/clock")) as { now: string; speed: number },
    advance: (advanceMs: number) => call("/__sandbox/clock", { method: "POST", body: { advanceMs } }),
    packed: (id: string, productos: Array<{ sku: string; cantidad: number }>) =>
      call(`/__sandbox/orders/${encodeURIComponent(id)}/packed`, { method: "POST", body: { productos } }),
  };
}

export interface SimulatedShopPage {
  handle(request: Request): Promise<Response> | undefined;
}

export function createSimulatedShopPage(deps: {
  findShop: (domain: string) => ShopState | undefined;
  control: StoreControl;
  service: () => ServiceLink | null;
}): SimulatedShopPage {
  const refuse = (status: 400 | 404 | 409, message: string): never => {
    throw new ControlError(status, message);
  };

  async function serviceOrderOf(domain: string, orderId: string) {
    const link = deps.service() ?? refuse(409, "the store is not linked to a service sandbox");
    const shop = deps.findShop(domain)!;
    const order = [...shop.orders.values()].find((o) => String(numericId(o.id)) === orderId) ?? refuse(404, `no order ${orderId}`);
    const client = serviceClient(link);
    const found = (await client.orders()).find((o) => o.request.tienda_orden_ref === order.name);
    if (!found) refuse(409, `order ${order.name} has not reached the warehouse`);
    return { client, serviceOrder: found!, order };
  }

  /** Jumps the service's clock to `at` ms after the order's creation (never backwards). */
  async function moveTo(client: ReturnType<typeof serviceClient>, serviceOrder: ServiceOrder, at: number) {
    const now = Date.parse((await client.clock()).now);
    const target = new Date(serviceOrder.createdAt).getTime() + at;
    if (target > now) await client.advance(target - now + 1000);
  }

  async function perform(domain: string, form: URLSearchParams): Promise<string> {
    const action = form.get("action") ?? "";
    const field = (name: string) => {
      const value = form.get(name)?.trim();
      if (!value) refuse(400, `${name} is required for ${action}`);
      return value!;
    };
    switch (action) {
      case "create": {
        // One field per variant, named by its id (the catalogue may repeat a SKU).
        const lineItems: { variantId: number; quantity: number }[] = [];
        for (const [key, raw] of form) {
          if (!key.startsWith("qty:") || raw.trim() === "" || raw.trim() === "0") continue;
          const variantId = Number(key.slice(4));
          const variant = deps.findShop(domain)!.variants.get(toGid("ProductVariant", key.slice(4)));
          if (!Number.isInteger(variantId) || !variant) refuse(404, `no variant ${key.slice(4)} in the catalogue`);
          const quantity = Number(raw);
          if (!Number.isInteger(quantity) || quantity < 0 || quantity > 999)
            refuse(400, `quantity of ${variant!.sku ?? key.slice(4)} must be a whole number from 0 to 999 (got "${raw}")`);
          lineItems.push({ variantId, quantity });
        }
        if (lineItems.length === 0) refuse(400, "choose at least one product with a quantity of 1 or more");
        const preset = READY_ADDRESSES[field("address")] ?? refuse(400, `unknown address ${form.get("address")}`);
        await deps.control.createOrder(domain, { lineItems, shippingAddress: preset.address });
        return action;
      }
      case "cancel":
        await deps.control.cancel(domain, field("order"));
        return action;
      case "hold":
        await deps.control.hold(domain, field("fulfillmentOrder"), { reason: "OTHER", notes: "Tienda simulada" });
        return action;
      case "release":
        await deps.control.releaseHold(domain, field("fulfillmentOrder"));
        return action;
      case "address": {
        const preset = READY_ADDRESSES[field("address")] ?? refuse(400, `unknown address ${form.get("address")}`);
        await deps.control.changeShippingAddress(domain, field("order"), { address: preset.address });
        return action;
      }
      case "accept":
      case "ship": {
        const { client, serviceOrder } = await serviceOrderOf(domain, field("order"));
        await moveTo(client, serviceOrder, action === "accept" ? AT.PICK : AT.IN_TRANSIT);
        return action;
      }
      case "deliver": {
        const { client, serviceOrder } = await serviceOrderOf(domain, field("order"));
        await moveTo(client, serviceOrder, AT.IN_TRANSIT);
        // Delivery comes the quoted days after creation: a day at a time until the service says so.
        for (let day = 0; day < 15; day++) {
          const status = (await client.orders()).find((o) => o.id === serviceOrder.id)?.status;
          if (status === "DELIVERED") return action;
          await client.advance(24 * 60 * MINUTE);
        }
        return refuse(409, `the service never delivered order ${serviceOrder.id}`);
      }
      case "short": {
        const { client, serviceOrder, order } = await serviceOrderOf(domain, field("order"));
        const lines = (serviceOrder.request.productos ?? [])
          .filter((p) => typeof p.identificador === "string" && typeof p.cantidad === "number")
          .map((p) => ({ sku: p.identificador!, cantidad: p.cantidad! }));
        const units = lines.reduce((sum, p) => sum + p.cantidad, 0);
        if (units < 2) refuse(409, `order ${order.name} has ${units} unit; a short shipment needs 2 or more`);
        const last = lines[lines.length - 1]!;
        last.cantidad -= 1;
        await client.packed(serviceOrder.id, lines.filter((p) => p.cantidad > 0));
        return action;
      }
      case "clock": {
        const link = deps.service() ?? refuse(409, "the store is not linked to a service sandbox");
        const minutes = Number(field("minutes"));
        if (!(CLOCK_STEPS as readonly number[]).includes(minutes))
          refuse(400, `minutes must be one of ${CLOCK_STEPS.join(", ")}`);
        await serviceClient(link).advance(minutes * MINUTE);
        return action;
      }
      default:
        return refuse(400, `unknown action "${action}"`);
    }
  }

  async function render(domain: string, shop: ShopState, locale: Locale, notice: { ok: boolean; text: string } | null) {
    const w = WORDS[locale];
    const self = (extra: Record<string, string> = {}) =>
      `${SIMULATED_SHOP_PATH}?${new URLSearchParams({ shop: domain, locale, ...extra }).toString()}`;
    const link = deps.service();
    let serviceOrders: ServiceOrder[] = [];
    let clock: string | null = null;
    let serviceProblem: string | null = link ? null : w.serviceMissing;
    if (link) {
      try {
        const client = serviceClient(link);
        serviceOrders = await client.orders();
        clock = (await client.clock()).now;
      } catch (error) {
        serviceProblem = (error as Error).message;
      }
    }
    const e = escapeHtml;
    const addressOptions = Object.entries(READY_ADDRESSES)
      .map(([key, a]) => `<option value="${e(key)}">${e(a.label)}</option>`)
      .join("");
    const products = [...shop.variants.values()]
      .filter((v) => v.sku)
      .map((v) => {
        const product = v.productId ? shop.products.get(v.productId) : undefined;
        const name = product ? (v.title && v.title !== "Default Title" ? `${product.title} — ${v.title}` : product.title) : v.title;
        const id = `qty-${numericId(v.id)}`;
        return `<tr data-sku="${e(v.sku)}"><td><label for="${id}">${e(name)}</label> <code>${e(v.sku)}</code></td><td>$${e(v.price)}</td><td><input id="${id}" name="qty:${numericId(v.id)}" type="number" min="0" max="999" step="1" value="0" inputmode="numeric"></td></tr>`;
      })
      .join("");
    const orders = [...shop.orders.values()].sort((a, b) => b.createdAt - a.createdAt);
    const orderRows = orders
      .map((order) => {
        const id = numericId(order.id);
        const hidden = `<input type="hidden" name="order" value="${e(id)}">`;
        const button = (action: string, label: string, extra = "") =>
          `<form method="post" action="${e(self())}">${hidden}${extra}<button name="action" value="${e(action)}">${e(label)}</button></form>`;
        const items = order.lineItems.map((l) => `${e(l.sku ?? l.name)} × ${e(l.quantity)}`).join(", ");
        const address = order.shippingAddress
          ? [order.shippingAddress.address1, order.shippingAddress.city, order.shippingAddress.zip].filter(Boolean).join(", ")
          : "—";
        const fos = order.fulfillmentOrderIds
          .map((foId) => shop.fulfillmentOrders.get(foId)!)
          .map((fo) => {
            const foHidden = `<input type="hidden" name="fulfillmentOrder" value="${e(numericId(fo.id))}">`;
            const holdForm = `<form method="post" action="${e(self())}">${foHidden}<button name="action" value="hold">${e(w.hold)}</button></form>`;
            const releaseForm = `<form method="post" action="${e(self())}">${foHidden}<button name="action" value="release">${e(w.release)}</button></form>`;
            const holds = fo.holds.length ? fo.holds.map((h) => `${e(h.reason)}${h.reasonNotes ? ` (${e(h.reasonNotes)})` : ""}`).join(", ") : e(w.none);
            return `<li data-fulfillment-order="${e(numericId(fo.id))}"><span class="status">${e(fo.status)}</span> · ${e(fo.requestStatus)} · ${e(w.holds)}: ${holds} ${fo.status === "ON_HOLD" ? releaseForm : fo.status === "OPEN" ? holdForm : ""}</li>`;
          })
          .join("");
        const fulfillments = order.fulfillmentIds
          .map((fid) => shop.fulfillments.get(fid))
          .filter((f) => f !== undefined)
          .map((f) => {
            const tracking = f.trackingInfo
              .map((t) => `${e(t.company ?? "")} ${t.url ? `<a href="${e(t.url)}" rel="noreferrer">${e(t.number ?? t.url)}</a>` : e(t.number ?? "")}`)
              .join(", ");
            return `<li>${e(f.name)} · ${e(f.status)}${tracking ? ` · ${tracking}` : ""}</li>`;
          })
          .join("");
        const atService = serviceOrders.find((s) => s.request.tienda_orden_ref === order.name);
        const warehouse = atService
          ? `<span class="service-status" data-service-order="${e(atService.id)}">${e(atService.status)}</span> <code>${e(atService.id)}</code>` +
            ["accept", "ship", "deliver", "short"].map((a) => button(a, w[a as "accept"])).join("")
          : e(w.notAtService);
        const addressForm = `<form method="post" action="${e(self())}">${hidden}<select name="address" aria-label="${e(w.destination)}">${addressOptions}</select><button name="action" value="address">${e(w.changeAddress)}</button></form>`;
        return `<tr data-order="${e(order.name)}">
<td><strong>${e(order.name)}</strong>${order.cancelledAt ? ` <em>${e(w.cancelled)}</em>` : ""}<br><small>${e(address)}</small></td>
<td>${items}<br>${e(w.total)}: $${e(order.totalPrice)} ${e(order.currency)}</td>
<td><ul>${fos || `<li>${e(w.none)}</li>`}</ul></td>
<td class="tags">${order.tags.length ? order.tags.map((t) => `<code>${e(t)}</code>`).join(" ") : e(w.none)}</td>
<td><ul>${fulfillments || `<li>${e(w.none)}</li>`}</ul></td>
<td>${warehouse}</td>
<td>${order.cancelledAt ? "" : button("cancel", w.cancel) + addressForm}</td>
</tr>`;
      })
      .join("\n");
    const languages = (["es", "en"] as const)
      .map((code) =>
        code === locale
          ? `<strong aria-current="true">${code === "es" ? "Español" : "English"}</strong>`
          : `<a href="${e(`${SIMULATED_SHOP_PATH}?${new URLSearchParams({ shop: domain, locale: code }).toString()}`)}" hreflang="${code}">${code === "es" ? "Español" : "English"}</a>`,
      )
      .join(" · ");
    const clockForm = link
      ? `<form method="post" action="${e(self())}"><label>${e(w.advance)} <select name="minutes">${CLOCK_STEPS.map((m) => `<option value="${m}">${m} ${e(w.minutes)}</option>`).join("")}</select></label><button name="action" value="clock">${e(w.advance)}</button></form>`
      : "";
    return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${e(w.title)} · ${e(shop.name)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f1f1f1;color:#303030}header{background:#1a1a1a;color:#fff;padding:8px 16px;display:flex;gap:16px;align-items:center}header a{color:#fff}main{padding:16px;max-width:1400px}section{background:#fff;border-radius:12px;padding:12px 16px;margin:12px 0}table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}form{display:inline-block;margin:2px}ul{margin:0;padding-left:16px}.notice{padding:8px 12px;border-radius:8px}.ok{background:#cdfee1}.error{background:#fedad9}input[type=number]{width:5em}</style></head>
<body>
<header><span>${e(shop.name)}</span><nav aria-label="${e(w.language)}">${languages}</nav></header>
<main>
<h1>${e(w.title)}</h1>
<p>${e(w.intro)}</p>
${notice ? `<p role="status" class="notice ${notice.ok ? "ok" : "error"}">${e(notice.ok ? w.done : w.refused)}: ${e(notice.text)}</p>` : ""}
${serviceProblem ? `<p class="notice error">${e(serviceProblem)}</p>` : ""}
<section aria-labelledby="new-order"><h2 id="new-order">${e(w.newOrder)}</h2>
<form method="post" action="${e(self())}">
<table><thead><tr><th>${e(w.product)}</th><th>${e(w.price)}</th><th>${e(w.quantity)}</th></tr></thead><tbody>${products}</tbody></table>
<p><label>${e(w.destination)} <select name="address">${addressOptions}</select></label></p>
<button name="action" value="create">${e(w.pay)}</button>
</form></section>
<section aria-labelledby="clock"><h2 id="clock">${e(w.clock)}</h2>
${clock ? `<p>${e(w.clockNow)}: <time datetime="${e(clock)}">${e(clock)}</time></p>` : ""}${clockForm}</section>
<section aria-labelledby="orders"><h2 id="orders">${e(w.orders)}</h2>
${
  orders.length
    ? `<table><thead><tr><th>${e(w.order)}</th><th>${e(w.items)}</th><th>${e(w.fulfillmentOrders)}</th><th>${e(w.tags)}</th><th>${e(w.fulfillments)}</th><th>${e(w.warehouse)}</th><th></th></tr></thead><tbody>${orderRows}</tbody></table>`
    : `<p>${e(w.noOrders)}</p>`
}</section>
</main></body></html>`;
  }

  const html = (status: number, body: string) =>
    new Response(body, {
      status,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-frame-options": "DENY" },
    });

  return {
    handle(request) {
      const url = new URL(request.url);
      if (url.pathname !== SIMULATED_SHOP_PATH) return undefined;
      return (async () => {
        const domain = url.searchParams.get("shop") ?? "";
        const locale: Locale = url.searchParams.get("locale") === "en" ? "en" : "es";
        const shop = deps.findShop(domain);
        if (!shop) return html(404, `<!doctype html><p>unknown shop: ${escapeHtml(domain || "(missing shop)")}</p>`);
        if (request.method === "GET") {
          const done = url.searchParams.get("done");
          const text = done ? WORDS[locale].actions[done] : undefined;
          return html(200, await render(domain, shop, locale, text ? { ok: true, text } : null));
        }
        if (request.method !== "POST") return html(405, "<!doctype html><p>GET or POST</p>");
        const form = new URLSearchParams(await request.text());
        try {
          const done = await perform(domain, form);
          if (["accept", "ship", "deliver", "short", "clock"].includes(done)) await deps.service()?.afterMove?.();
          return new Response(null, {
            status: 303,
            headers: { location: `${SIMULATED_SHOP_PATH}?${new URLSearchParams({ shop: domain, locale, done }).toString()}` },
          });
        } catch (error) {
          const status = error instanceof ControlError ? error.status : error instanceof ServiceError ? 502 : 500;
          const message = error instanceof Error ? error.message : String(error);
          return html(status, await render(domain, shop, locale, { ok: false, text: message }));
        }
      })();
    },
  };
}
