/**
 * Addresses that heal (issue 23, item 2): a destination that cannot be delivered as it stands is
 * held in Shopify with the app's own hold instead of going to the warehouse; once the address is
 * corrected in Shopify the app releases its hold (only its own) and sends the order, once. Over
 * the simulated store, the service sandbox and the test's PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { sendAsItStands } from "~/fulfillment/actions/merchant-actions.server";
import { orderWarehouseStatus } from "~/fulfillment/page/order-warehouse-status.server";
import { listFulfillments } from "~/fulfillment/page/orders-page.server";
import { SHOP, harnessPerFile, recordOf } from "./support/harness";

const harness = harnessPerFile({ holdBackMinutes: 0, locationIds: [] }, { locationId: null });

const work = () => harness().worker().runOnce();
const NO_NUMBER = { address1: "Avenida Juárez", address2: "Col. Centro", zip: "06000" };
const WRONG_STATE = { province: "Jalisco", provinceCode: "JAL" };
// A well-formed postal code no carrier serves (the sandbox's Islas Marías range): the service
// answers 409 SHP-003, in the right state and with a number, so only the service can tell.
const UNSERVED = { zip: "63950", city: "Islas Marías", province: "Nayarit", provinceCode: "NAY" };
const SERVED = { zip: "06500", city: "Ciudad de México", province: "Ciudad de México", provinceCode: "CMX" };

function foOf(payload: { admin_graphql_api_id: string }) {
  const [fo] = harness().fulfillmentOrdersOf(payload);
  return fo!;
}

async function holdsInShopify(foId: string) {
  const data = (await harness().store.graphql(
    SHOP,
    `query($id: ID!) { fulfillmentOrder(id: $id) { status fulfillmentHolds { id handle reason reasonNotes heldByRequestingApp } } }`,
    { id: foId },
  )) as { data: { fulfillmentOrder: { status: string; fulfillmentHolds: Array<Record<string, unknown>> } } };
  return data.data.fulfillmentOrder;
}

async function correctAddress(payload: { id: number }, address: Record<string, string>) {
  const changed = await harness().store.control.changeShippingAddress(SHOP, String(payload.id), {
    address,
    deliver: false,
  });
  return harness().send("orders/updated", changed.payload);
}

describe("an address that cannot be delivered as it stands", () => {
  it("is held in Shopify with the app's handle and a Spanish note, and not sent; a re-run places no second hold", async () => {
    const payload = harness().paidOrder({ shippingAddress: NO_NUMBER });
    await harness().deliver(payload);
    await work();
    expect(await harness().sandboxOrders()).toHaveLength(0);
    const fo = foOf(payload);
    expect(await holdsInShopify(fo.id)).toEqual({
      status: "ON_HOLD",
      fulfillmentHolds: [
        {
          id: expect.any(String),
          handle: "svc-address",
          reason: "INCORRECT_ADDRESS",
          reasonNotes: expect.stringMatching(/no tiene número exterior/),
          heldByRequestingApp: true,
        },
      ],
    });
    expect(await recordOf(payload)).toMatchObject({
      status: "waiting",
      waitUntil: null,
      reason: expect.stringMatching(/^held in Shopify: the shipping address has no exterior number/),
    });
    // The app's own placed_on_hold wakes the job again: still one hold, nothing sent.
    await harness().send("fulfillment_orders/placed_on_hold", { fulfillment_order: { id: fo.id, status: "on_hold" } });
    await work();
    expect((await holdsInShopify(fo.id)).fulfillmentHolds).toHaveLength(1);
    expect(await harness().sandboxOrders()).toHaveLength(0);
  });

  it("a postal code outside the stated state is held too", async () => {
    const payload = harness().paidOrder({ shippingAddress: WRONG_STATE });
    await harness().deliver(payload);
    await work();
    expect(await harness().sandboxOrders()).toHaveLength(0);
    const held = await holdsInShopify(foOf(payload).id);
    expect(held.fulfillmentHolds).toEqual([
      expect.objectContaining({
        handle: "svc-address",
        reasonNotes:
          "El código postal 06500 es de Ciudad de México, no de Jalisco. Confirma el código postal y el estado con el comprador.",
      }),
    ]);
    expect((await recordOf(payload))?.reason).toBe(
      "held in Shopify: postal code 06500 is in Ciudad de México, not Jalisco; it goes to the warehouse once the buyer's address is corrected in Shopify",
    );
  });
});

describe("the address corrected in Shopify", () => {
  it("releases the app's hold and sends the order exactly once", async () => {
    const payload = harness().paidOrder({ shippingAddress: NO_NUMBER });
    await harness().deliver(payload);
    await work();
    const fo = foOf(payload);
    expect((await holdsInShopify(fo.id)).status).toBe("ON_HOLD");
    // WHEN the merchant corrects the address (orders/updated wakes the job; it reads Shopify, not the payload)
    expect((await correctAddress(payload, { address1: "Avenida Juárez 15" })).status).toBe(200);
    await work();
    // THEN the hold is gone and the order went to the warehouse with the corrected address
    expect((await holdsInShopify(fo.id)).fulfillmentHolds).toEqual([]);
    const orders = await harness().sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.request.consumidor_destino).toMatchObject({ calle: "Avenida Juárez", no_exterior: "15" });
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", fulfillmentOrderGid: fo.id });
    // A second orders/updated (the app's own tag and note writes) sends nothing more.
    await correctAddress(payload, { address2: "Col. Centro, Cuauhtémoc" });
    await work();
    expect(await harness().sandboxOrders()).toHaveLength(1);
  });

  it("an address still undeliverable after the change keeps the one hold", async () => {
    const payload = harness().paidOrder({ shippingAddress: NO_NUMBER });
    await harness().deliver(payload);
    await work();
    await correctAddress(payload, { address2: "Col. Centro Histórico" });
    await work();
    expect((await holdsInShopify(foOf(payload).id)).fulfillmentHolds).toHaveLength(1);
    expect(await harness().sandboxOrders()).toHaveLength(0);
  });
});

describe("a destination the service does not serve", () => {
  it("is held in Shopify with the app's handle and a Spanish note naming the postal code; nothing at the service", async () => {
    const payload = harness().paidOrder({ shippingAddress: UNSERVED });
    await harness().deliver(payload);
    await work();
    expect(await harness().sandboxOrders()).toHaveLength(0);
    const fo = foOf(payload);
    expect(await holdsInShopify(fo.id)).toEqual({
      status: "ON_HOLD",
      fulfillmentHolds: [
        {
          id: expect.any(String),
          handle: "svc-address",
          reason: "INCORRECT_ADDRESS",
          reasonNotes:
            "El servicio de envío no llega al código postal 63950. Confirma con el comprador su código postal o una dirección de entrega que sí tenga cobertura.",
          heldByRequestingApp: true,
        },
      ],
    });
    expect(await recordOf(payload)).toMatchObject({
      status: "waiting",
      waitUntil: null,
      reason:
        "held in Shopify: the service serves no destination at postal code 63950; it goes to the warehouse once the buyer's address is corrected in Shopify",
    });
    const [row] = (await listFulfillments(prisma, { shop: SHOP })).rows;
    expect(row).toMatchObject({ addressHeld: true, reasonMessage: { code: "addressHeldNotServed" } });
    // Woken again with the destination unchanged (its own hold's webhook, an update that changes
    // nothing sent): not sent again, still the one hold.
    await harness().send("fulfillment_orders/placed_on_hold", { fulfillment_order: { id: fo.id, status: "on_hold" } });
    await correctAddress(payload, { zip: "63950" });
    await work();
    expect((await holdsInShopify(fo.id)).fulfillmentHolds).toHaveLength(1);
    expect(await harness().sandboxOrders()).toHaveLength(0);
    expect(await recordOf(payload)).toMatchObject({ status: "waiting", submitAttempts: 1 });
  });

  it("corrected to a served address: the app releases its hold and the order is sent exactly once", async () => {
    const payload = harness().paidOrder({ shippingAddress: UNSERVED });
    await harness().deliver(payload);
    await work();
    const fo = foOf(payload);
    expect((await holdsInShopify(fo.id)).fulfillmentHolds).toHaveLength(1);
    expect((await correctAddress(payload, SERVED)).status).toBe(200);
    await work();
    expect(await holdsInShopify(fo.id)).toMatchObject({ fulfillmentHolds: [] });
    const orders = await harness().sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.request.consumidor_destino).toMatchObject({ codigo_postal: "06500" });
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", fulfillmentOrderGid: fo.id });
    // Later updates send nothing more.
    await correctAddress(payload, { address2: "Col. Juárez" });
    await work();
    expect(await harness().sandboxOrders()).toHaveLength(1);
  });

  it("changed to another unserved postal code: refused again, still exactly one hold, nothing at the service", async () => {
    const payload = harness().paidOrder({ shippingAddress: UNSERVED });
    await harness().deliver(payload);
    await work();
    const fo = foOf(payload);
    await correctAddress(payload, { zip: "63940" });
    await work();
    const held = await holdsInShopify(fo.id);
    expect(held.fulfillmentHolds).toEqual([
      expect.objectContaining({ handle: "svc-address", reasonNotes: expect.stringMatching(/código postal 63940\./) }),
    ]);
    expect(await harness().sandboxOrders()).toHaveLength(0);
    expect(await recordOf(payload)).toMatchObject({
      status: "waiting",
      reason: expect.stringMatching(/postal code 63940;/),
    });
    // Corrected at last: released and sent, once.
    await correctAddress(payload, SERVED);
    await work();
    expect((await holdsInShopify(fo.id)).fulfillmentHolds).toEqual([]);
    expect(await harness().sandboxOrders()).toHaveLength(1);
  });
});

describe("a merchant's hold", () => {
  it("is never released by the app: the order waits for the merchant, then goes", async () => {
    const payload = harness().paidOrder({ shippingAddress: NO_NUMBER });
    await harness().deliver(payload);
    await work();
    const fo = foOf(payload);
    // The merchant also holds it, even with the app's handle
    const merchant = await harness().store.control.hold(SHOP, fo.id, {
      reason: "OTHER",
      handle: "svc-address",
      deliver: false,
    });
    const merchantHold = merchant.fulfillmentOrders[0]!.holds.find((hold) => hold.reason === "OTHER")!.id;
    await correctAddress(payload, { address1: "Avenida Juárez 15" });
    await work();
    // THEN the merchant's hold (and the app's, which waits with it) stay; nothing is sent
    const held = await holdsInShopify(fo.id);
    expect(held.status).toBe("ON_HOLD");
    expect(held.fulfillmentHolds.map((hold) => hold.id)).toContain(merchantHold);
    expect(await harness().sandboxOrders()).toHaveLength(0);
    // WHEN the merchant releases their own hold
    await harness().send(
      "fulfillment_orders/hold_released",
      harness().store.orders.releaseHold(SHOP, fo.id, merchantHold),
    );
    await work();
    // THEN the app releases its own and sends, once
    expect(await holdsInShopify(fo.id)).toMatchObject({ fulfillmentHolds: [] });
    expect(await harness().sandboxOrders()).toHaveLength(1);
  });
});

describe("Pedidos: the merchant's way out", () => {
  const merchantDeps = () => ({
    db: prisma,
    now: () => harness().clock.now(),
    svcClientFor: harness().svcClientFor,
    adminFor: harness().adminFor,
  });

  it("offers a WhatsApp link to the buyer with a Spanish message asking for the missing detail", async () => {
    const payload = harness().paidOrder({ shippingAddress: { ...NO_NUMBER, phone: "+52 1 (55) 8765-4321" } });
    await harness().deliver(payload);
    await work();
    const [row] = (await listFulfillments(prisma, { shop: SHOP })).rows;
    expect(row).toMatchObject({ status: "waiting", addressHeld: true, reasonMessage: { code: "addressHeldNoNumber" } });
    const link = new URL(row!.whatsappUrl!);
    expect(`${link.origin}${link.pathname}`).toBe("https://wa.me/525587654321");
    expect(link.searchParams.get("text")).toBe(
      `Hola, gracias por tu pedido ${payload.name}. Para enviarlo nos falta el número exterior de tu dirección de entrega. ¿Nos lo compartes?`,
    );
    // The order block shows the same link
    const block = await orderWarehouseStatus(prisma, {
      shop: SHOP,
      orderGid: payload.admin_graphql_api_id,
      connected: true,
    });
    expect(block.records[0]!.whatsappUrl).toBe(row!.whatsappUrl);
  });

  it("no link without a usable phone", async () => {
    const payload = harness().paidOrder({ shippingAddress: { ...NO_NUMBER, phone: "123" } });
    await harness().deliver(payload);
    await work();
    const [row] = (await listFulfillments(prisma, { shop: SHOP })).rows;
    expect(row).toMatchObject({ addressHeld: true, whatsappUrl: null });
  });

  it("'Enviar tal cual' releases the app's hold and sends the order as it stands, once", async () => {
    const payload = harness().paidOrder({ shippingAddress: NO_NUMBER });
    await harness().deliver(payload);
    await work();
    const record = await recordOf(payload);
    const fo = foOf(payload);
    expect(await sendAsItStands(merchantDeps(), { shop: SHOP, fulfillmentId: record!.id })).toMatchObject({
      ok: true,
      code: "willSend",
    });
    await work();
    expect((await holdsInShopify(fo.id)).fulfillmentHolds).toEqual([]);
    const orders = await harness().sandboxOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.request.consumidor_destino).toMatchObject({ no_exterior: "S/N" });
    expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
    // Not held any more: a second click is refused and sends nothing
    expect(await sendAsItStands(merchantDeps(), { shop: SHOP, fulfillmentId: record!.id })).toMatchObject({
      ok: false,
      code: "notAddressHeld",
    });
    await work();
    expect(await harness().sandboxOrders()).toHaveLength(1);
  });
});
