import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SvcConstraintViolationError, SvcPermissionError, type SvcClient } from "~/svc";
import { clientFor, control, productWithDimensions, startSandbox, type Sandbox } from "./support/sandbox-harness";

let sandbox: Sandbox;
let client: SvcClient;
beforeAll(async () => {
  sandbox = await startSandbox();
  client = clientFor(sandbox).client;
});
beforeEach(async () => {
  await control(sandbox, client, "POST", "/__sandbox/reset");
});
afterAll(async () => {
  await sandbox.close();
});

describe("product registration against the sandbox", () => {
  it("creates a batch and returns an id per product, a dimension id where dimensions were sent, and affected rows", async () => {
    const withoutDimensions = { sku: "SIN-DIM-1", upc: "", nombre: "Tarjeta de regalo" };
    const result = await client.createProducts({
      productos: [productWithDimensions("TAZA-1"), productWithDimensions("TAZA-2"), withoutDimensions],
    });
    expect(result.returning).toHaveLength(3);
    expect(result.returning[0]).toEqual({ id: expect.any(String), dimension: { id_dimension: expect.any(String) } });
    expect(result.returning[2]?.dimension).toBeUndefined();
    // products plus dimension records, which is why it exceeds the number sent
    expect(result.affected_rows).toBe(5);
    expect(result.requestId).toEqual(expect.any(String));
  });

  it("rejects the whole batch when one element repeats a SKU, naming its index", async () => {
    // GIVEN a batch whose third element repeats the first's SKU
    const batch = [
      productWithDimensions("PLAYERA-M"),
      productWithDimensions("PLAYERA-L"),
      productWithDimensions("PLAYERA-M"),
    ];
    // WHEN it is sent
    const error = await client.createProducts({ productos: batch }).catch((e: unknown) => e);
    // THEN the violation points at index 2 and nothing was stored
    expect(error).toBeInstanceOf(SvcConstraintViolationError);
    expect(error).toMatchObject({
      index: 2,
      status: 400,
      code: "constraint-violation",
      outcomeUnknown: false,
      requestId: expect.any(String),
    });
    await expect(client.getProduct("PLAYERA-M")).resolves.toEqual([]);
    await expect(client.getProduct("PLAYERA-L")).resolves.toEqual([]);
  });

  it("rejects a SKU that already exists for the client", async () => {
    await client.createProducts({ productos: [productWithDimensions("GORRA-1")] });
    const error = await client
      .createProducts({ productos: [productWithDimensions("GORRA-2"), productWithDimensions("GORRA-1")] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcConstraintViolationError);
    expect(error).toMatchObject({ index: 1, path: "$.selectionSet.insert_producto.args.objects[1]" });
  });

  it("types a failed insert permission check as SvcPermissionError with the index", async () => {
    const error = await client
      .createProducts({ productos: [productWithDimensions("OK-1"), productWithDimensions("FORBIDDEN-2")] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcPermissionError);
    expect(error).toMatchObject({ index: 1, code: "permission-error" });
  });

  it("finds a product by SKU and by UPC, and finds nothing for an unknown identifier", async () => {
    await client.createProducts({ productos: [productWithDimensions("LIBRETA-A5", "7501234567890")] });
    const bySku = await client.getProduct("LIBRETA-A5");
    const byUpc = await client.getProduct("7501234567890");
    expect(bySku).toHaveLength(1);
    expect(bySku[0]).toMatchObject({
      sku: "LIBRETA-A5",
      upc: "7501234567890",
      dimension: { unidad_peso: "GRAMOS", unidad_dimension: "CENTIMETROS", id_dimension: expect.any(String) },
    });
    expect(byUpc).toEqual(bySku);
    await expect(client.getProduct("NO-EXISTE")).resolves.toEqual([]);
  });

  it("lists new products in stock and records their arrival as a reception", async () => {
    await client.createProducts({ productos: [productWithDimensions("VELA-1")] });
    const stock = await client.getStock();
    expect(stock).toEqual([
      expect.objectContaining({ sku: "VELA-1", disponibles: expect.any(Number), en_inventario: expect.any(Number) }),
    ]);
    const reception = await client.getReception();
    expect(JSON.stringify(reception)).toContain("VELA-1");
  });
});
