// app/svc's domain types for the catalogue, stock and order lookup (issue 20, item 5): what the
// features hand in and get back in English, and the exact wire the fake service sees or answers.
import { afterEach, describe, expect, it } from "vitest";
import {
  createCatalogueProducts,
  findCatalogueProducts,
  lookupServiceOrder,
  productBody,
  productFromBody,
  refusedProductIndex,
  stockLevels,
  SvcConstraintViolationError,
  type SvcError,
  SvcInvalidRequestError,
  type NewCatalogueProduct,
} from "~/svc";
import { MEASURES, MEASURE_FIELDS, measureField } from "~/svc/measures";
import { issueToken, sendJson, startFakeService, type FakeHandler, type FakeService } from "./support/fake-service";
import { testClient } from "./support/test-client";

const AUTH = "POST /api/rest/auth";
let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function clientWith(routes: Record<string, FakeHandler>) {
  fake = await startFakeService({ [AUTH]: issueToken(), ...routes });
  return testClient(fake).client;
}

const taza: NewCatalogueProduct = {
  sku: "TAZA-MX-001",
  upc: "",
  name: "Taza de talavera",
  imageUrl: "https://cdn.example.mx/taza.jpg",
  dimensions: { weight: "350", length: "12", width: "9", height: "10", volume: "1080" },
};
/** The same product as product/new's body (section 2.1 of the contract). */
const tazaBody = {
  sku: "TAZA-MX-001",
  upc: "",
  nombre: "Taza de talavera",
  imagen_url: "https://cdn.example.mx/taza.jpg",
  dimension: { data: { peso: "350", ancho: "9", largo: "12", altura: "10", volumen: "1080" } },
};

describe("new catalogue products", () => {
  it("become product/new's body, field for field, and only with the fields they have", () => {
    expect(productBody(taza)).toEqual(tazaBody);
    expect(productBody({ sku: "SIN-DIM", name: "Tarjeta" })).toEqual({ sku: "SIN-DIM", nombre: "Tarjeta" });
    expect(Object.keys(productBody({ sku: "SOLO" }))).toEqual(["sku"]);
  });

  it("read back from a stored body, including one the catalogue wrote before it used these names", () => {
    expect(productFromBody(tazaBody)).toEqual(taza);
    expect(productFromBody(productBody({ sku: "SIN-DIM", upc: "750", name: "Tarjeta" }))).toEqual({
      sku: "SIN-DIM",
      upc: "750",
      name: "Tarjeta",
    });
    for (const notABody of [null, "TAZA", [], { nombre: "sin sku" }]) expect(productFromBody(notABody)).toBeNull();
  });

  it("are sent as productos and come back as ids, dimension ids and rows inserted", async () => {
    const client = await clientWith({
      "POST /api/rest/product/new": (_r, res) =>
        sendJson(
          res,
          200,
          {
            insert_producto: {
              returning: [
                { id: "p-1", dimension: { id_dimension: "d-1" } },
                { id: "p-2", dimension: null },
              ],
              affected_rows: 3,
            },
          },
          { "x-request-id": "req-p1" },
        ),
    });
    const result = await createCatalogueProducts(client, [taza, { sku: "SIN-DIM", upc: "", name: "Tarjeta" }]);
    expect(fake!.requests.at(-1)?.json).toEqual({
      productos: [tazaBody, { sku: "SIN-DIM", upc: "", nombre: "Tarjeta" }],
    });
    expect(result).toEqual({
      products: [
        { id: "p-1", dimensionId: "d-1" },
        { id: "p-2", dimensionId: null },
      ],
      rowsInserted: 3,
      requestId: "req-p1",
    });
  });

  it("name the refused product of a batch: from the service's path, or from the client's own check", async () => {
    const client = await clientWith({
      "POST /api/rest/product/new": (_r, res) =>
        sendJson(res, 400, {
          error: "Uniqueness violation",
          code: "constraint-violation",
          path: "$.selectionSet.insert_producto.args.objects[1]",
        }),
    });
    const conflict = await createCatalogueProducts(client, [taza, { ...taza, sku: "OTRA" }]).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(SvcConstraintViolationError);
    expect(refusedProductIndex(conflict as SvcError, 2)).toBe(1);
    expect(refusedProductIndex(conflict as SvcError, 1)).toBeUndefined();

    const bad = { ...taza, dimensions: { ...taza.dimensions!, weight: "350 g" } };
    const invalid = await createCatalogueProducts(client, [taza, taza, bad]).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(SvcInvalidRequestError);
    expect((invalid as SvcInvalidRequestError).field).toBe("productos[2].dimension.data.peso");
    expect(refusedProductIndex(invalid as SvcError, 3)).toBe(2);
    expect(fake!.requests.filter((r) => r.path === "/api/rest/product/new")).toHaveLength(1);
  });
});

describe("catalogue lookup", () => {
  it("reads each record's name, image, measures (numbers or text), unit words and dimension id", async () => {
    const records = [
      {
        id: "p-1",
        sku: "TAZA-MX-001",
        upc: "7501234567890",
        nombre: "Taza",
        imagen_url: "https://cdn.example.mx/taza.jpg",
        id_cliente: "c-1",
        dimension: {
          peso: 350,
          ancho: "9",
          largo: 12,
          altura: "10.5",
          volumen: null,
          unidad_peso: "GRAMOS",
          unidad_dimension: "CENTIMETROS",
          id_dimension: "d-1",
        },
      },
      { id: "p-2", sku: "SIN-DIM", upc: null, nombre: null, dimension: null },
    ];
    const client = await clientWith({
      "GET /api/rest/product/TAZA-MX-001": (_r, res) => sendJson(res, 200, { producto: records }),
    });
    await expect(findCatalogueProducts(client, "TAZA-MX-001")).resolves.toEqual([
      {
        id: "p-1",
        sku: "TAZA-MX-001",
        upc: "7501234567890",
        name: "Taza",
        imageUrl: "https://cdn.example.mx/taza.jpg",
        dimensions: {
          weight: 350,
          width: "9",
          length: 12,
          height: "10.5",
          volume: null,
          weightUnit: "GRAMOS",
          lengthUnit: "CENTIMETROS",
        },
        dimensionId: "d-1",
      },
      { id: "p-2", sku: "SIN-DIM", upc: null, name: null, imageUrl: null, dimensions: null, dimensionId: null },
    ]);
  });
});

describe("stock", () => {
  it("reads available and in-stock units per product", async () => {
    const client = await clientWith({
      "POST /api/rest/inventory/stock": (_r, res) =>
        sendJson(res, 200, {
          inventario: [
            {
              sku: "TAZA-MX-001",
              upc: null,
              nombre: "Taza",
              imagen_url: "https://cdn.example.mx/taza.jpg",
              disponibles: 38,
              en_inventario: 40,
            },
            { sku: "PLATO", disponibles: 0, en_inventario: 2 },
          ],
        }),
    });
    await expect(stockLevels(client)).resolves.toEqual([
      {
        sku: "TAZA-MX-001",
        upc: null,
        name: "Taza",
        imageUrl: "https://cdn.example.mx/taza.jpg",
        available: 38,
        inStock: 40,
      },
      { sku: "PLATO", upc: null, name: null, imageUrl: null, available: 0, inStock: 2 },
    ]);
  });
});

describe("order lookup", () => {
  const orden = {
    id: 9041,
    almacen: { nombre_almacen: "CDMX Norte" },
    rastreo_numero: "123456, 789012",
    rastreo_paqueteria: "ESTAFETA",
    rastreo_url: "https://rastreo.example/123456",
    rastreo_pdf: "https://rastreo.example/123456.pdf",
    detalle_orden: [
      { cantidad: 2, producto: { sku: "TAZA-AZ", nombre: "Taza" }, recogido: true },
      { cantidad: 1, producto: { sku: "CAFE-500", nombre: null }, recogido: "false" },
      { cantidad: null, producto: null },
    ],
    estados_orden: [{ timestamp: "2025-01-15T12:00:00.000Z", estado_orden: "WAITING" }, { estado_orden: "IN_TRANSIT" }],
    tipo_servicio: "NACIONAL",
    tienda_orden_ref: "#1042",
  };

  it("reads lines, tracking, status history and the store's reference", async () => {
    const client = await clientWith({
      "GET /api/rest/order/9041": (_r, res) => sendJson(res, 200, { orden }),
    });
    await expect(lookupServiceOrder(client, "9041")).resolves.toEqual({
      id: "9041",
      status: "IN_TRANSIT",
      statusHistory: [
        { status: "WAITING", at: "2025-01-15T12:00:00.000Z" },
        { status: "IN_TRANSIT", at: null },
      ],
      storeOrderRef: "#1042",
      serviceType: "NACIONAL",
      warehouse: "CDMX Norte",
      lines: [
        { sku: "TAZA-AZ", name: "Taza", quantity: 2, picked: true },
        { sku: "CAFE-500", name: null, quantity: 1, picked: "false" },
        { sku: null, name: null, quantity: null, picked: null },
      ],
      tracking: {
        number: "123456, 789012",
        carrier: "ESTAFETA",
        url: "https://rastreo.example/123456",
        pdf: "https://rastreo.example/123456.pdf",
      },
    });
  });

  it("reads an order with nothing yet as no lines, no history and no tracking; an unknown one as null", async () => {
    const client = await clientWith({
      "GET /api/rest/order/abc": (_r, res) => sendJson(res, 200, { orden: { id: "abc" } }),
      "GET /api/rest/order/missing": (_r, res) => sendJson(res, 200, { orden: null }),
    });
    await expect(lookupServiceOrder(client, "abc")).resolves.toMatchObject({
      id: "abc",
      status: null,
      statusHistory: [],
      storeOrderRef: null,
      lines: [],
      tracking: { number: null, carrier: null, url: null, pdf: null },
    });
    await expect(lookupServiceOrder(client, "missing")).resolves.toBeNull();
  });
});

describe("measures", () => {
  it("name each measure's field as the service's record does", () => {
    expect(MEASURE_FIELDS).toEqual(["peso", "largo", "ancho", "altura", "volumen"]);
    expect(MEASURES.map(measureField)).toEqual(MEASURE_FIELDS);
  });
});
