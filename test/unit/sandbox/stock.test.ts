import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServiceSandbox } from "../../../sandbox/service/server";
import { clientOf, destination, product, startSandbox, type SandboxClient } from "./sandbox-fixture";

type StockLine = { sku: string; upc: string | null; disponibles: number; en_inventario: number };
const stockOf = async (api: SandboxClient, sku: string) =>
  ((await api.post("/api/rest/inventory/stock")).json.inventario as StockLine[]).find((line) => line.sku === sku);

const order = (sku: string, cantidad: number) => ({
  productos: [{ identificador: sku, cantidad }],
  consumidor_destino: destination("06500"),
  servicio_svc: "NACIONAL",
});

describe("sandbox stock", () => {
  let sandbox: ServiceSandbox;
  let api: SandboxClient;
  beforeEach(async () => {
    sandbox = await startSandbox({ apiKeys: ["key-a", "key-b"], initialStock: 10 });
    api = await clientOf(sandbox.url, "key-a");
    await api.post("/api/rest/product/new", {
      productos: [product("TAZA-AZ", { upc: "7501234567890" }), product("PLATO")],
    });
  });
  afterEach(() => sandbox.close());

  it("starts every product at the initial stock and reports it in the documented shape", async () => {
    const res = await api.post("/api/rest/inventory/stock");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      inventario: [
        {
          sku: "TAZA-AZ",
          upc: "7501234567890",
          nombre: "Producto TAZA-AZ",
          imagen_url: "https://cdn.example.com/TAZA-AZ.jpg",
          disponibles: 10,
          en_inventario: 10,
        },
        {
          sku: "PLATO",
          upc: null,
          nombre: "Producto PLATO",
          imagen_url: "https://cdn.example.com/PLATO.jpg",
          disponibles: 10,
          en_inventario: 10,
        },
      ],
    });
  });

  it("reserves ordered units at once and takes them off the shelf when the order ships", async () => {
    // GIVEN an order for 3 mugs
    await api.post("/api/rest/orders", order("TAZA-AZ", 3));
    // THEN they are no longer available but still in the warehouse
    expect(await stockOf(api, "TAZA-AZ")).toMatchObject({ disponibles: 7, en_inventario: 10 });
    // WHEN the order leaves (IN_TRANSIT after 60 sandbox minutes)
    await api.post("/__sandbox/clock", { advanceMs: 60 * 60_000 });
    expect(await stockOf(api, "TAZA-AZ")).toMatchObject({ disponibles: 7, en_inventario: 7 });
    // AND a second order beyond what is left is refused
    const refused = await api.post("/api/rest/orders", order("TAZA-AZ", 8));
    expect(refused.status).toBe(409);
  });

  it("sets stock through /__sandbox/stock, which quotation and orders then honour", async () => {
    const set = await api.post("/__sandbox/stock", { sku: "TAZA-AZ", units: 2 });
    expect(set.json).toEqual({ sku: "TAZA-AZ", disponibles: 2 });
    const quoted = await api.post("/api/rest/services", {
      productos: [{ identificador: "TAZA-AZ", cantidad: 2 }],
      consumidor_destino: destination(),
    });
    expect(quoted.json.svcServiceAvailability.products).toEqual([{ identifier: "TAZA-AZ", inStock: 2 }]);
    expect((await api.post("/api/rest/orders", order("TAZA-AZ", 3))).status).toBe(409);
    expect((await api.post("/api/rest/orders", order("TAZA-AZ", 2))).status).toBe(200);
    expect(await stockOf(api, "TAZA-AZ")).toMatchObject({ disponibles: 0 });
  });

  it("validates /__sandbox/stock and answers 404 for an unknown SKU", async () => {
    expect((await api.post("/__sandbox/stock", { sku: "TAZA-AZ", units: -1 })).json).toMatchObject({
      code: "validation-error",
      path: "$.units",
    });
    expect((await api.post("/__sandbox/stock", { sku: "NOPE", units: 5 })).status).toBe(404);
  });

  it("lists receptions: the initial stock of each batch and every stock increase", async () => {
    await api.post("/__sandbox/stock", { sku: "PLATO", units: 25 });
    const res = await api.get("/api/rest/reception");
    expect(res.status).toBe(200);
    expect(res.json.recepciones).toEqual([
      {
        id: expect.any(String),
        fecha_creacion: expect.any(String),
        estado: "COMPLETADA",
        origen: "ALTA_PRODUCTO",
        almacen: { nombre_almacen: expect.any(String) },
        detalle_recepcion: [
          { producto: { sku: "TAZA-AZ", nombre: "Producto TAZA-AZ" }, cantidad_esperada: 10, cantidad_recibida: 10 },
          { producto: { sku: "PLATO", nombre: "Producto PLATO" }, cantidad_esperada: 10, cantidad_recibida: 10 },
        ],
      },
      expect.objectContaining({
        origen: "AJUSTE_SANDBOX",
        detalle_recepcion: [expect.objectContaining({ cantidad_recibida: 15 })],
      }),
    ]);
  });

  it("lists pickup orders created through the sandbox route and takes their units out of stock", async () => {
    expect((await api.get("/api/rest/pickup-order")).json).toEqual({ ordenes_salida: [] });
    await api.post("/__sandbox/pickup-order", {
      productos: [{ sku: "PLATO", cantidad: 4 }],
      razon: "Devolución a proveedor",
    });
    const res = await api.get("/api/rest/pickup-order");
    expect(res.json.ordenes_salida).toEqual([
      {
        id: expect.any(String),
        fecha_creacion: expect.any(String),
        detalle_orden_salidas: [{ producto: { sku: "PLATO", nombre: "Producto PLATO" }, cantidad: 4, recogido: false }],
        estados: [{ estado: "CREADA", timestamp: expect.any(String) }],
        almacen: { nombre_almacen: expect.any(String), telefono: expect.any(String) },
        razon: "Devolución a proveedor",
        comentarios: null,
        fecha_recoleccion: expect.any(String),
        recolector: null,
      },
    ]);
    expect(await stockOf(api, "PLATO")).toMatchObject({ disponibles: 6, en_inventario: 6 });
  });

  it("keeps each client's catalogue, stock and orders apart", async () => {
    // GIVEN client A has a product and an order
    await api.post("/api/rest/orders", order("TAZA-AZ", 1));
    const other = await clientOf(sandbox.url, "key-b");
    // THEN client B sees none of it, and may reuse the same SKU
    expect((await other.get("/api/rest/product/TAZA-AZ")).json).toEqual({ producto: [] });
    expect((await other.post("/api/rest/inventory/stock")).json).toEqual({ inventario: [] });
    expect((await other.get("/__sandbox/orders")).json.orders).toEqual([]);
    expect((await other.get("/__sandbox/products")).json.products).toEqual([]);
    const quoted = await other.post("/api/rest/services", {
      productos: [{ identificador: "TAZA-AZ", cantidad: 1 }],
      consumidor_destino: destination(),
    });
    expect(quoted.status).toBe(409);
    expect((await other.post("/api/rest/product/new", { productos: [product("TAZA-AZ")] })).status).toBe(200);
    const orderId = (await api.get("/__sandbox/orders")).json.orders[0].id;
    expect((await other.get(`/api/rest/order/${orderId}`)).status).toBe(404);
  });

  it("resets only the caller's data by default, and everything with all: true", async () => {
    const other = await clientOf(sandbox.url, "key-b");
    await other.post("/api/rest/product/new", { productos: [product("B-1")] });
    expect((await api.post("/__sandbox/reset")).json).toEqual({ reset: expect.any(String) });
    expect((await api.post("/api/rest/inventory/stock")).json.inventario).toEqual([]);
    expect((await other.post("/api/rest/inventory/stock")).json.inventario).toHaveLength(1);
    await api.post("/__sandbox/reset", { all: true });
    expect((await other.post("/api/rest/inventory/stock")).json.inventario).toEqual([]);
  });
});
