import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  SvcConflictError,
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcProductWithoutDimensionsError,
  type SvcClient,
} from "~/svc";
import { SvcTimeoutError } from "~/svc/errors";
import { cdmx, clientFor, control, productWithDimensions, startSandbox, type Sandbox } from "./support/sandbox-harness";

const HOUR = 60 * 60 * 1000;
let sandbox: Sandbox;
let client: SvcClient;
beforeAll(async () => {
  sandbox = await startSandbox({ initialStock: 10 });
  client = clientFor(sandbox).client;
});
beforeEach(async () => {
  await control(sandbox, client, "POST", "/__sandbox/reset");
  await client.createProducts({ productos: [productWithDimensions("TAZA-1"), productWithDimensions("PLAYERA-M")] });
});
afterAll(async () => {
  await sandbox.close();
});

const orderParams = {
  lines: [
    { identifier: "TAZA-1", quantity: 2 },
    { identifier: "PLAYERA-M", quantity: 1 },
  ],
  destination: cdmx,
  service: "EXPRESS" as const,
  storeOrderRef: "#1042",
};

describe("orders against the sandbox", () => {
  it("creates an order, finds it waiting, and later finds it shipped with tracking", async () => {
    // GIVEN a new order
    const { orderRef, requestId } = await client.createOrder(orderParams);
    expect(requestId).toEqual(expect.any(String));
    // WHEN it is looked up at once THEN it waits in the warehouse, with the lines and reference sent
    const waiting = await client.getOrder(orderRef);
    expect(waiting).toMatchObject({
      id: orderRef,
      status: "WAITING",
      tipo_servicio: "EXPRESS",
      tienda_orden_ref: "#1042",
      rastreo_numero: null,
      detalle_orden: [
        { cantidad: 2, producto: { sku: "TAZA-1" } },
        { cantidad: 1, producto: { sku: "PLAYERA-M" } },
      ],
    });
    expect(waiting?.precio_um).toMatch(/^\d+\.\d{2}$/);
    // WHEN sandbox time passes beyond the hand-over to the carrier
    await control(sandbox, client, "POST", "/__sandbox/clock", { advanceMs: 2 * HOUR });
    const shipped = await client.getOrder(orderRef);
    // THEN it has left with a carrier and a tracking number, after the warehouse steps in order
    expect(shipped?.status).not.toBe("WAITING");
    expect(shipped?.rastreo_numero).toEqual(expect.any(String));
    expect(shipped?.rastreo_paqueteria).toEqual(expect.any(String));
    expect(shipped?.estados_orden?.map((e) => e.estado_orden).slice(0, 5)).toEqual([
      "WAITING",
      "PICK",
      "PACK",
      "READY_TO_GO",
      "IN_TRANSIT",
    ]);
  });

  it("takes the ordered units out of available stock", async () => {
    await client.createOrder(orderParams);
    const stock = await client.getStock();
    expect(stock.find((s) => s.sku === "TAZA-1")).toMatchObject({ disponibles: 8, en_inventario: 10 });
  });

  it("refuses an order beyond the stock with SvcInsufficientStockError, outcome known", async () => {
    const error = await client
      .createOrder({ ...orderParams, lines: [{ identifier: "TAZA-1", quantity: 11 }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcInsufficientStockError);
    expect(error).toMatchObject({ product: "TAZA-1", outcomeUnknown: false });
    await expect(control(sandbox, client, "GET", "/__sandbox/orders")).resolves.toMatchObject({ orders: [] });
  });

  it("types the quotation's 409s on order creation too, and a service the destination lacks as a plain conflict", async () => {
    await client.createProducts({ productos: [{ sku: "SIN-DIM", nombre: "Tarjeta de regalo" }] });
    const noDimensions = client.createOrder({ ...orderParams, lines: [{ identifier: "SIN-DIM", quantity: 1 }] });
    await expect(noDimensions).rejects.toBeInstanceOf(SvcProductWithoutDimensionsError);
    const unserved = client.createOrder({ ...orderParams, destination: { ...cdmx, postalCode: "63940" } });
    await expect(unserved).rejects.toBeInstanceOf(SvcDestinationNotServedError);
    // EXPRESS runs only in the covered metros; Oaxaca has NACIONAL alone
    const oaxaca = { ...cdmx, postalCode: "68000", state: "Oaxaca", city: "Oaxaca de Juárez" };
    const error = await client.createOrder({ ...orderParams, destination: oaxaca }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcConflictError);
    expect(error).not.toBeInstanceOf(SvcDestinationNotServedError);
    expect(error).toMatchObject({ status: 409, code: "ConflictError", outcomeUnknown: false });
    await expect(control(sandbox, client, "GET", "/__sandbox/orders")).resolves.toMatchObject({ orders: [] });
  });

  it("reports an order that was stored but never answered as a timeout with unknown outcome, sent once", async () => {
    // GIVEN the sandbox stores the order and then never answers
    const { client: creator, wire } = clientFor(sandbox, { timeoutMs: 300 });
    const error = await creator
      .createOrder({ ...orderParams, headers: { "x-sandbox-scenario": "commit-then-timeout" } })
      .catch((e: unknown) => e);
    // THEN the client says the outcome is unknown and did not send it again
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(error).toMatchObject({ outcomeUnknown: true, endpoint: "createOrder" });
    expect(wire.count("POST", "/api/rest/orders")).toBe(1);
    // AND the order does exist, which is exactly why a blind retry would duplicate it
    const { orders } = (await control(sandbox, client, "GET", "/__sandbox/orders")) as { orders: unknown[] };
    expect(orders).toHaveLength(1);
  });

  it("returns null for an order id the service does not know", async () => {
    await expect(client.getOrder("00000000-0000-4000-8000-000000000000")).resolves.toBeNull();
  });

  it("lists pickup orders", async () => {
    await control(sandbox, client, "POST", "/__sandbox/pickup-order", {
      productos: [{ sku: "TAZA-1", cantidad: 1 }],
      razon: "Devolución a proveedor",
    });
    const pickups = await client.listPickupOrders();
    expect(pickups).toHaveLength(1);
    expect(pickups[0]).toMatchObject({ id: expect.anything(), estados: expect.any(Array) });
  });
});
