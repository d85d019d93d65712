import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServiceSandbox } from "../../../sandbox/service/server";
import { clientOf, product, startSandbox, UUID, type SandboxClient } from "./sandbox-fixture";

describe("sandbox catalogue", () => {
  let sandbox: ServiceSandbox;
  let api: SandboxClient;
  beforeEach(async () => {
    sandbox = await startSandbox();
    api = await clientOf(sandbox.url);
  });
  afterEach(() => sandbox.close());

  it("inserts a batch and counts products plus dimension records in affected_rows", async () => {
    // GIVEN two products with dimensions and one without
    const productos = [
      product("TAZA-AZ"),
      product("TAZA-RJ", { upc: "7501234567890" }),
      product("GIFT-500", { dimension: undefined }),
    ];
    // WHEN they are created
    const res = await api.post("/api/rest/product/new", { productos });
    // THEN 3 products + 2 dimensions are affected and only dimensioned ones return id_dimension
    expect(res.status).toBe(200);
    const { returning, affected_rows } = res.json.insert_producto;
    expect(affected_rows).toBe(5);
    expect(returning).toHaveLength(3);
    expect(returning[0]).toEqual({
      id: expect.stringMatching(UUID),
      dimension: { id_dimension: expect.stringMatching(UUID) },
    });
    expect(returning[2]).toEqual({ id: expect.stringMatching(UUID) });
  });

  it("rejects a duplicate at index 2 with the exact path and inserts nothing", async () => {
    // GIVEN an existing SKU
    await api.post("/api/rest/product/new", { productos: [product("EXISTING")] });
    // WHEN a batch repeats it at index 2
    const res = await api.post("/api/rest/product/new", {
      productos: [product("NEW-1"), product("NEW-2"), product("EXISTING"), product("NEW-3")],
    });
    // THEN the whole batch is refused with the Hasura-style path and no new product exists
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: expect.stringContaining("producto_sku_id_cliente_key"),
      code: "constraint-violation",
      path: "$.selectionSet.insert_producto.args.objects[2]",
    });
    expect((await api.get("/api/rest/product/NEW-1")).json).toEqual({ producto: [] });
    const listed = await api.get("/__sandbox/products");
    expect(listed.json.products.map((p: { sku: string }) => p.sku)).toEqual(["EXISTING"]);
  });

  it("treats a SKU repeated inside the same batch as a duplicate at its second index", async () => {
    const res = await api.post("/api/rest/product/new", {
      productos: [product("A"), product("B"), product("C"), product("A")],
    });
    expect(res.status).toBe(400);
    expect(res.json.path).toBe("$.selectionSet.insert_producto.args.objects[3]");
  });

  it("rejects a repeated non-empty UPC but allows many empty UPCs", async () => {
    const empties = await api.post("/api/rest/product/new", { productos: [product("E1"), product("E2", { upc: "" })] });
    expect(empties.status).toBe(200);
    const dup = await api.post("/api/rest/product/new", {
      productos: [product("U1", { upc: "750111" }), product("U2", { upc: "750111" })],
    });
    expect(dup.status).toBe(400);
    expect(dup.json.code).toBe("constraint-violation");
    expect(dup.json.path).toBe("$.selectionSet.insert_producto.args.objects[1]");
  });

  it("answers permission-error for SKUs with the FORBIDDEN- prefix", async () => {
    const res = await api.post("/api/rest/product/new", { productos: [product("OK-1"), product("FORBIDDEN-9")] });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: expect.any(String),
      code: "permission-error",
      path: "$.selectionSet.insert_producto.args.objects[1]",
    });
  });

  it("names the element and field when a dimension is not numeric text", async () => {
    const bad = product("BAD", {
      dimension: { data: { peso: "450g", ancho: "10", largo: "10", altura: "12", volumen: "1" } },
    });
    const res = await api.post("/api/rest/product/new", { productos: [product("GOOD"), bad] });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: expect.any(String),
      code: "validation-error",
      path: "$.productos[1].dimension.data.peso",
    });
  });

  it("refuses an empty productos array and a missing sku", async () => {
    const empty = await api.post("/api/rest/product/new", { productos: [] });
    const noSku = await api.post("/api/rest/product/new", { productos: [{ nombre: "Sin SKU" }] });
    expect(empty.json).toMatchObject({ code: "validation-error", path: "$.productos" });
    expect(noSku.json).toMatchObject({ code: "validation-error", path: "$.productos[0].sku" });
  });

  it("looks a product up by SKU or UPC in the documented shape, and answers an empty list when unknown", async () => {
    // GIVEN a product with a UPC
    const created = await api.post("/api/rest/product/new", {
      productos: [product("TAZA-AZ", { upc: "7501234567890" })],
    });
    const { id, dimension } = created.json.insert_producto.returning[0];
    // WHEN it is looked up by either identifier, and an unknown one is looked up
    const bySku = await api.get("/api/rest/product/TAZA-AZ");
    const byUpc = await api.get("/api/rest/product/7501234567890");
    const miss = await api.get("/api/rest/product/NOPE");
    // THEN both hits show the same element and the miss is 200 with an empty list
    expect(bySku.status).toBe(200);
    expect(bySku.json).toEqual({
      producto: [
        {
          id,
          sku: "TAZA-AZ",
          upc: "7501234567890",
          nombre: "Producto TAZA-AZ",
          imagen_url: "https://cdn.example.com/TAZA-AZ.jpg",
          id_cliente: expect.stringMatching(UUID),
          dimension: {
            peso: 450,
            ancho: 10,
            largo: 10,
            altura: 12,
            volumen: 1200,
            unidad_peso: "GRAMOS",
            unidad_dimension: "CENTIMETROS",
            id_dimension: dimension.id_dimension,
          },
        },
      ],
    });
    expect(byUpc.json).toEqual(bySku.json);
    expect(miss).toMatchObject({ status: 200, json: { producto: [] } });
  });

  it("shows dimension null for a product created without dimensions", async () => {
    await api.post("/api/rest/product/new", { productos: [product("GIFT-500", { dimension: undefined })] });
    const res = await api.get("/api/rest/product/GIFT-500");
    expect(res.json.producto[0].dimension).toBeNull();
  });

  it("decodes percent-encoded identifiers in the lookup path", async () => {
    await api.post("/api/rest/product/new", { productos: [product("CAJA/2 PZ")] });
    const res = await api.get(`/api/rest/product/${encodeURIComponent("CAJA/2 PZ")}`);
    expect(res.json.producto.map((p: { sku: string }) => p.sku)).toEqual(["CAJA/2 PZ"]);
  });
});
