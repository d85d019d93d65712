import { afterEach, describe, expect, it } from "vitest";
import { SvcConstraintViolationError, SvcInvalidRequestError, SvcPermissionError } from "~/svc";
import { SvcInvalidResponseError, SvcNotFoundError } from "~/svc/errors";
import { destination, lineItems, wireDestination, wireLineItems } from "./support/fixtures";
import { issueToken, sendJson, startFakeService, type FakeHandler, type FakeService } from "./support/fake-service";
import { testClient } from "./support/test-client";

const AUTH = "POST /api/rest/auth";
let fake: FakeService;
afterEach(async () => {
  await fake.close();
});

async function clientWith(routes: Record<string, FakeHandler>) {
  fake = await startFakeService({ [AUTH]: issueToken(), ...routes });
  return testClient(fake).client;
}

const taza = {
  sku: "TAZA-MX-001",
  upc: "",
  nombre: "Taza de talavera",
  dimension: { data: { peso: "350", ancho: "9", largo: "12", altura: "10", volumen: "1080" } },
  imagen_url: "https://cdn.example.mx/taza.jpg",
};

describe("createProducts", () => {
  it("sends the batch as productos and returns ids, dimension ids and affected rows", async () => {
    const client = await clientWith({
      "POST /api/rest/product/new": (_r, res) =>
        sendJson(
          res,
          200,
          {
            insert_producto: {
              returning: [
                {
                  id: "0b0f8a8e-1c1e-4f6e-9d55-0c8f5c7e4d21",
                  dimension: { id_dimension: "6a3e0d1f-2b7c-4c8e-a1f9-3d2e5b7c9f10" },
                },
              ],
              affected_rows: 2,
            },
          },
          { "x-request-id": "req-p1" },
        ),
    });
    const result = await client.createProducts({ productos: [taza] });
    expect(fake.requests.at(-1)?.json).toEqual({ productos: [taza] });
    expect(result).toEqual({
      returning: [
        {
          id: "0b0f8a8e-1c1e-4f6e-9d55-0c8f5c7e4d21",
          dimension: { id_dimension: "6a3e0d1f-2b7c-4c8e-a1f9-3d2e5b7c9f10" },
        },
      ],
      affected_rows: 2,
      requestId: "req-p1",
    });
  });

  it("types a duplicate SKU as a constraint violation with the offending index", async () => {
    const client = await clientWith({
      "POST /api/rest/product/new": (_r, res) =>
        sendJson(res, 400, {
          path: "$.selectionSet.insert_producto.args.objects[3]",
          error: 'Uniqueness violation. duplicate key value violates unique constraint "producto_sku_id_cliente_key"',
          code: "constraint-violation",
        }),
    });
    const error = await client.createProducts({ productos: [taza] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcConstraintViolationError);
    expect(error).toMatchObject({ index: 3, status: 400, code: "constraint-violation", outcomeUnknown: false });
  });

  it("types a failed permission check as a permission error with the offending index", async () => {
    const client = await clientWith({
      "POST /api/rest/product/new": (_r, res) =>
        sendJson(res, 400, {
          path: "$.selectionSet.insert_producto.args.objects[0]",
          error: "check constraint of an insert permission has failed",
          code: "permission-error",
        }),
    });
    await expect(client.createProducts({ productos: [taza] })).rejects.toSatisfy(
      (e) => e instanceof SvcPermissionError && e.index === 0,
    );
  });

  it("refuses an empty batch and dimensions that are not numeric text, sending nothing", async () => {
    const client = await clientWith({});
    await expect(client.createProducts({ productos: [] })).rejects.toMatchObject({
      name: "SvcInvalidRequestError",
      field: "productos",
    });
    const bad = { ...taza, dimension: { data: { ...taza.dimension.data, peso: 350 as unknown as string } } };
    await expect(client.createProducts({ productos: [bad] })).rejects.toMatchObject({
      field: "productos[0].dimension.data.peso",
    });
    expect(fake.requests.filter((r) => r.path !== "/api/rest/auth")).toHaveLength(0);
  });
});

describe("createOrder", () => {
  it("sends servicio_<name> and the store reference, and returns the ordenRef as orderRef", async () => {
    const client = await clientWith({
      "POST /api/rest/orders": (_r, res) =>
        sendJson(
          res,
          200,
          { orden: { ordenRef: "2f1c0b8e-9a57-4a3c-8d0e-5b1f6e7c9a10" } },
          { "x-request-id": "req-o1" },
        ),
    });
    const result = await client.createOrder({
      lines: lineItems,
      destination,
      service: "PROGRAMADO",
      storeOrderRef: "#1042",
    });
    expect(result).toEqual({ orderRef: "2f1c0b8e-9a57-4a3c-8d0e-5b1f6e7c9a10", requestId: "req-o1" });
    expect(fake.requests.at(-1)?.json).toEqual({
      productos: wireLineItems,
      consumidor_destino: wireDestination,
      servicio_svc: "PROGRAMADO",
      tienda_orden_ref: "#1042",
    });
  });

  it("requires the country of the destination, as the newer documentation does for orders", async () => {
    const client = await clientWith({});
    const { country: _omitted, ...withoutCountry } = destination;
    const params = { lines: lineItems, destination: withoutCountry, service: "NACIONAL" } as Parameters<
      typeof client.createOrder
    >[0];
    await expect(client.createOrder(params)).rejects.toMatchObject({
      name: "SvcInvalidRequestError",
      field: "consumidor_destino.pais",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("sends the destination's fields and nothing else (no store reference when none is given)", async () => {
    const client = await clientWith({
      "POST /api/rest/orders": (_r, res) => sendJson(res, 200, { orden: { ordenRef: "o-1" } }),
    });
    const withExtra = { ...destination, email: "maria@example.mx" };
    await client.createOrder({ lines: lineItems, destination: withExtra, service: "NACIONAL" });
    expect(fake.requests.at(-1)?.json).toStrictEqual({
      productos: wireLineItems,
      consumidor_destino: wireDestination,
      servicio_svc: "NACIONAL",
    });
  });

  it("requires a service", async () => {
    const client = await clientWith({});
    const params = { lines: lineItems, destination } as unknown as Parameters<typeof client.createOrder>[0];
    await expect(client.createOrder(params)).rejects.toMatchObject({
      name: "SvcInvalidRequestError",
      field: "servicio",
    });
  });
});

describe("lookups", () => {
  const orden = {
    id: "2f1c0b8e-9a57-4a3c-8d0e-5b1f6e7c9a10",
    almacen: { nombre_almacen: "Almacén Tlalnepantla" },
    precio_um: "123.40",
    rastreo_numero: "7012345678",
    rastreo_paqueteria: "ESTAFETA",
    detalle_orden: [{ cantidad: 2, producto: { sku: "TAZA-MX-001", nombre: "Taza" }, recogido: true }],
    estados_orden: [
      { timestamp: "2025-01-15T12:00:00.000Z", estado_orden: "WAITING" },
      { timestamp: "2025-01-15T13:00:00.000Z", estado_orden: "PICK" },
      { timestamp: "2025-01-16T09:00:00.000Z", estado_orden: "IN_TRANSIT" },
    ],
    tipo_servicio: "NACIONAL",
    tienda_orden_ref: "#1042",
    campo_nuevo: { a: 1 },
  };

  it("takes the status with the latest timestamp, not the last entry, when the service lists them out of order", async () => {
    const shuffled = { ...orden, estados_orden: [orden.estados_orden[2]!, orden.estados_orden[0]!, orden.estados_orden[1]!] };
    const client = await clientWith({
      [`GET /api/rest/order/${orden.id}`]: (_r, res) => sendJson(res, 200, { orden: shuffled }),
    });
    expect(await client.getOrder(orden.id)).toMatchObject({ status: "IN_TRANSIT" });
  });

  it("falls back to the last entry only when no entry has a readable timestamp", async () => {
    const undated = {
      ...orden,
      estados_orden: [
        { timestamp: null, estado_orden: "WAITING" },
        { timestamp: "pronto", estado_orden: "PICK" },
      ],
    };
    const client = await clientWith({
      [`GET /api/rest/order/${orden.id}`]: (_r, res) => sendJson(res, 200, { orden: undated }),
    });
    expect(await client.getOrder(orden.id)).toMatchObject({ status: "PICK" });
  });

  it("returns an order with its status from the last estados_orden entry, open-ended", async () => {
    const client = await clientWith({
      [`GET /api/rest/order/${orden.id}`]: (_r, res) => sendJson(res, 200, { orden }),
    });
    const order = await client.getOrder(orden.id);
    expect(order).toMatchObject({
      id: orden.id,
      status: "IN_TRANSIT",
      rastreo_paqueteria: "ESTAFETA",
      campo_nuevo: { a: 1 },
    });
  });

  it("returns null for an order the service does not know", async () => {
    const client = await clientWith({
      "GET /api/rest/order/missing": (_r, res) =>
        sendJson(res, 404, { error: "Order missing not found", code: "not-found", path: "$" }),
    });
    await expect(client.getOrder("missing")).resolves.toBeNull();
  });

  it("types a 404 of any other endpoint as SvcNotFoundError", async () => {
    const client = await clientWith({
      "GET /api/rest/pickup-order": (_r, res) =>
        sendJson(res, 404, { error: "No route", code: "not-found", path: "$" }),
    });
    await expect(client.listPickupOrders()).rejects.toBeInstanceOf(SvcNotFoundError);
  });

  it("reports no status for an order without history", async () => {
    const client = await clientWith({
      "GET /api/rest/order/abc": (_r, res) => sendJson(res, 200, { orden: { id: "abc" } }),
    });
    await expect(client.getOrder("abc")).resolves.toMatchObject({ status: null });
  });

  it("finds a product by identifier, URL-encoded, and returns an empty list for an unknown one", async () => {
    const record = {
      id: "0b0f8a8e-1c1e-4f6e-9d55-0c8f5c7e4d21",
      sku: "CAJA 10/20",
      upc: null,
      nombre: "Caja",
      imagen_url: null,
      id_cliente: "c-1",
      dimension: { peso: "350", unidad_peso: "GRAMOS", unidad_dimension: "CENTIMETROS", id_dimension: "d-1" },
    };
    const client = await clientWith({
      "GET /api/rest/product/CAJA%2010%2F20": (_r, res) => sendJson(res, 200, { producto: [record] }),
      "GET /api/rest/product/NO-EXISTE": (_r, res) => sendJson(res, 200, { producto: [] }),
    });
    await expect(client.getProduct("CAJA 10/20")).resolves.toEqual([record]);
    await expect(client.getProduct("NO-EXISTE")).resolves.toEqual([]);
  });

  it("reads stock with a bodyless POST", async () => {
    const inventario = [
      {
        sku: "TAZA-MX-001",
        upc: null,
        nombre: "Taza",
        imagen_url: "https://cdn.example.mx/taza.jpg",
        disponibles: 38,
        en_inventario: 40,
      },
    ];
    const client = await clientWith({
      "POST /api/rest/inventory/stock": (_r, res) => sendJson(res, 200, { inventario }),
    });
    await expect(client.getStock()).resolves.toEqual(inventario);
    const sent = fake.requests.at(-1);
    expect(sent?.body).toBe("");
    expect(sent?.headers["content-type"]).toBeUndefined();
  });

  it("lists pickup orders", async () => {
    const ordenes_salida = [
      {
        id: 7,
        fecha_creacion: "2025-01-10",
        detalle_orden_salidas: [{ producto: { sku: "TAZA-MX-001", nombre: "Taza" }, recogido: false }],
        estados: [{ estado: "CREADA", timestamp: "2025-01-10T10:00:00Z" }],
        almacen: { nombre_almacen: "A", telefono: "55" },
        razon: "retiro",
        comentarios: null,
        fecha_recoleccion: null,
        recolector: null,
      },
    ];
    const client = await clientWith({
      "GET /api/rest/pickup-order": (_r, res) => sendJson(res, 200, { ordenes_salida }),
    });
    await expect(client.listPickupOrders()).resolves.toEqual(ordenes_salida);
  });

  it("keeps whatever JSON object or array the reception endpoint answers, and rejects anything else", async () => {
    const client = await clientWith({
      "GET /api/rest/reception": (_r, res, n) =>
        n === 1
          ? sendJson(res, 200, { recepciones: [{ id: 1 }] })
          : n === 2
            ? sendJson(res, 200, [{ id: 2 }])
            : sendJson(res, 200, "ok"),
    });
    await expect(client.getReception()).resolves.toEqual({ recepciones: [{ id: 1 }] });
    await expect(client.getReception()).resolves.toEqual([{ id: 2 }]);
    await expect(client.getReception()).rejects.toBeInstanceOf(SvcInvalidResponseError);
  });

  it("refuses an empty identifier without calling the service", async () => {
    const client = await clientWith({});
    await expect(client.getProduct("")).rejects.toBeInstanceOf(SvcInvalidRequestError);
    await expect(client.getOrder("")).rejects.toBeInstanceOf(SvcInvalidRequestError);
    expect(fake.requests).toHaveLength(0);
  });
});
