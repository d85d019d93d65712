import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  SvcConflictError,
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcProductWithoutDimensionsError,
  type SvcClient,
} from "~/svc";
import { parseDecimalToSubunits } from "~/money";
import { cdmx, clientFor, control, productWithDimensions, startSandbox, type Sandbox } from "./support/sandbox-harness";

let sandbox: Sandbox;
let client: SvcClient;
beforeAll(async () => {
  sandbox = await startSandbox({ initialStock: 20 });
  client = clientFor(sandbox).client;
});
beforeEach(async () => {
  await control(sandbox, client, "POST", "/__sandbox/reset");
  await client.createProducts({
    productos: [
      productWithDimensions("TAZA-1", "7501000000011"),
      productWithDimensions("TAZA-2"),
      { sku: "SIN-DIM", nombre: "Tarjeta" },
    ],
  });
});
afterAll(async () => {
  await sandbox.close();
});

describe("quotation against the sandbox", () => {
  it("returns stock per product and every service for a covered destination, priced as decimal text", async () => {
    const result = await client.quote({
      lines: [
        { identifier: "TAZA-1", quantity: 2 },
        { identifier: "7501000000011", quantity: 1 },
      ],
      destination: cdmx,
    });
    expect(result.products).toEqual([
      { identifier: "TAZA-1", inStock: 20 },
      { identifier: "7501000000011", inStock: 20 },
    ]);
    expect(result.services.map((s) => s.service).sort()).toEqual(["EXPRESS", "NACIONAL", "PROGRAMADO"]);
    for (const service of result.services) {
      expect(service.totalPricing).toMatch(/^\d+\.\d{2}$/);
      expect(parseDecimalToSubunits(service.totalPricing, 2)).toBeGreaterThan(0n);
      expect(service).toMatchObject({
        days: expect.any(Number),
        provider: expect.any(String),
        description: expect.any(String),
      });
    }
  });

  it("returns only the chosen service when servicio is given", async () => {
    const result = await client.quote({
      lines: [{ identifier: "TAZA-1", quantity: 1 }],
      destination: cdmx,
      service: "PROGRAMADO",
    });
    expect(result.services.map((s) => s.service)).toEqual(["PROGRAMADO"]);
  });

  it("offers only NACIONAL outside the covered metro areas", async () => {
    const oaxaca = { ...cdmx, postalCode: "68000", state: "Oaxaca", city: "Oaxaca de Juárez", neighborhood: "Centro" };
    const result = await client.quote({
      lines: [{ identifier: "TAZA-1", quantity: 1 }],
      destination: oaxaca,
    });
    expect(result.services.map((s) => s.service)).toEqual(["NACIONAL"]);
  });

  it("types a product without dimensions and names it", async () => {
    const error = await client
      .quote({
        lines: [
          { identifier: "TAZA-1", quantity: 1 },
          { identifier: "SIN-DIM", quantity: 1 },
        ],
        destination: cdmx,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcProductWithoutDimensionsError);
    expect(error).toMatchObject({
      product: "SIN-DIM",
      status: 409,
      code: "ConflictError",
      path: "$",
      requestId: expect.any(String),
    });
  });

  it("types an unserved postal code as destination not served (SHP-003)", async () => {
    const islasMarias = { ...cdmx, postalCode: "63900", state: "Nayarit", city: "Islas Marías" };
    const error = await client
      .quote({ lines: [{ identifier: "TAZA-1", quantity: 1 }], destination: islasMarias })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcDestinationNotServedError);
    expect((error as Error).message).toContain("SHP-003");
  });

  it("types insufficient stock and names the product", async () => {
    await control(sandbox, client, "POST", "/__sandbox/stock", { sku: "TAZA-2", units: 1 });
    const error = await client
      .quote({ lines: [{ identifier: "TAZA-2", quantity: 3 }], destination: cdmx })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcInsufficientStockError);
    expect(error).toMatchObject({ product: "TAZA-2" });
  });

  it("reports an unknown product as an unattributed conflict", async () => {
    const error = await client
      .quote({ lines: [{ identifier: "NO-EXISTE", quantity: 1 }], destination: cdmx })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcConflictError);
    expect(error).not.toBeInstanceOf(SvcProductWithoutDimensionsError);
    expect(error).not.toBeInstanceOf(SvcInsufficientStockError);
  });

  it("reads the contract's empty 200 as no services and its empty 409 as an unknown conflict", async () => {
    const params = { lines: [{ identifier: "TAZA-1", quantity: 1 }], destination: cdmx };
    await expect(client.quote({ ...params, headers: { "x-sandbox-scenario": "empty-200" } })).resolves.toMatchObject({
      products: [],
      services: [],
    });
    const error = await client
      .quote({ ...params, headers: { "x-sandbox-scenario": "empty-409" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcConflictError);
    expect(error).toMatchObject({ status: 409 });
  });

  it("talks to a sandbox with another service name through the derived wire names", async () => {
    const other = await startSandbox({ serviceName: "acme" });
    try {
      const acme = clientFor(other, { serviceName: "acme" }).client;
      await acme.createProducts({ productos: [productWithDimensions("TAZA-1")] });
      const result = await acme.quote({
        lines: [{ identifier: "TAZA-1", quantity: 1 }],
        destination: cdmx,
        service: "EXPRESS",
      });
      expect(result.raw).toHaveProperty("acmeServiceAvailability");
      expect(result.services.map((s) => s.service)).toEqual(["EXPRESS"]);
    } finally {
      await other.close();
    }
  });
});
