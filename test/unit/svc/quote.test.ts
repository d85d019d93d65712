import { afterEach, describe, expect, it } from "vitest";
import {
  SvcConflictError,
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcProductWithoutDimensionsError,
} from "~/svc";
import { SvcInvalidResponseError } from "~/svc/errors";
import { MAX_SERVICE_DAYS } from "~/svc/wire/quote";
import { availabilityBody, destination, lineItems, wireDestination, wireLineItems } from "./support/fixtures";
import { issueToken, sendJson, startFakeService, type FakeHandler, type FakeService } from "./support/fake-service";
import { recordingLogger, testClient } from "./support/test-client";

const AUTH = "POST /api/rest/auth";
const QUOTE = "POST /api/rest/services";
const quoteParams = { lines: lineItems, destination };

let fake: FakeService;
afterEach(async () => {
  await fake.close();
});

async function quoteAgainst(
  handler: FakeHandler,
  options: Parameters<typeof testClient>[1] = {},
  params: object = quoteParams,
) {
  fake = await startFakeService({ [AUTH]: issueToken(), [QUOTE]: handler });
  const { client } = testClient(fake, options);
  return client.quote(params as typeof quoteParams);
}

describe("quote", () => {
  it("sends the chosen service as servicio_<serviceName> and reads <serviceName>ServiceAvailability", async () => {
    // GIVEN a client for a service whose short name is "acme"
    const result = await quoteAgainst(
      (_r, res) => sendJson(res, 200, availabilityBody("acme"), { "x-request-id": "req-q1" }),
      { serviceName: "acme" },
      {
        ...quoteParams,
        service: "EXPRESS",
      },
    );
    // THEN the body used the derived wire name, and the answer was read from the derived root
    const sent = fake.requests.find((r) => r.path === "/api/rest/services");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.json).toEqual({
      productos: wireLineItems,
      consumidor_destino: wireDestination,
      servicio_acme: "EXPRESS",
    });
    expect(result.requestId).toBe("req-q1");
    expect(result.products).toEqual([
      { identifier: "TAZA-MX-001", inStock: 40 },
      { identifier: "PLAYERA-NEGRA-M", inStock: 12 },
    ]);
    expect(result.services[0]).toEqual({
      service: "NACIONAL",
      days: 5,
      totalPricing: "123.40",
      description: "Entrega en 3 a 5 días hábiles",
      provider: "ESTAFETA",
    });
  });

  it("leaves the service field out when none is chosen", async () => {
    await quoteAgainst((_r, res) => sendJson(res, 200, availabilityBody()));
    expect(fake.requests.find((r) => r.path === "/api/rest/services")?.json).not.toHaveProperty("servicio_svc");
  });

  it("keeps prices as the exact decimal text the service sent", async () => {
    const services = [{ service: "NACIONAL", days: 4, totalPricing: "0.10", description: "d", provider: "p" }];
    const result = await quoteAgainst((_r, res) => sendJson(res, 200, availabilityBody("svc", services)));
    expect(result.services[0]?.totalPricing).toBe("0.10");
  });

  it("reads PROGRAMADA as PROGRAMADO", async () => {
    const services = [
      { service: "PROGRAMADA", days: 7, totalPricing: "99.00", description: "Programado", provider: "FEDEX" },
    ];
    const result = await quoteAgainst((_r, res) => sendJson(res, 200, availabilityBody("svc", services)));
    expect(result.services.map((s) => s.service)).toEqual(["PROGRAMADO"]);
  });

  it("keeps unknown extra fields of the answer", async () => {
    const services = [
      { service: "EXPRESS", days: 1, totalPricing: "250.00", description: "x", provider: "DHL", cutoff: "14:00" },
    ];
    const body = { ...availabilityBody("svc", services), quotationId: "q-77" };
    const result = await quoteAgainst((_r, res) => sendJson(res, 200, body));
    expect(result.services[0]).toMatchObject({ cutoff: "14:00" });
    expect(result.raw).toEqual(body);
  });

  it("skips a service code it does not know and logs a warning, keeping the rest", async () => {
    const logger = recordingLogger();
    const services = [
      { service: "MISMO_DIA", days: 0, totalPricing: "400.00", description: "x", provider: "x" },
      { service: "NACIONAL", days: 5, totalPricing: "120.00", description: "x", provider: "x" },
    ];
    const result = await quoteAgainst((_r, res) => sendJson(res, 200, availabilityBody("svc", services)), { logger });
    expect(result.services.map((s) => s.service)).toEqual(["NACIONAL"]);
    expect(logger.entries.filter((e) => e.level === "warn").map((e) => e.obj.service)).toEqual(["MISMO_DIA"]);
  });

  it("skips a service whose days are no delivery estimate (negative or beyond MAX_SERVICE_DAYS), saying why", async () => {
    // Issue 29, defect 7: a huge `days` made every checkout walk the calendar day by day.
    const logger = recordingLogger();
    const services = [
      { service: "PROGRAMADO", days: 2_000_000_000, totalPricing: "90.00", description: "x", provider: "x" },
      { service: "EXPRESS", days: -1, totalPricing: "200.00", description: "x", provider: "x" },
      { service: "NACIONAL", days: MAX_SERVICE_DAYS, totalPricing: "120.00", description: "x", provider: "x" },
    ];
    const result = await quoteAgainst((_r, res) => sendJson(res, 200, availabilityBody("svc", services)), { logger });
    expect(result.services.map((s) => s.service)).toEqual(["NACIONAL"]);
    const warnings = logger.entries.filter((e) => e.level === "warn");
    expect(warnings.map((e) => [e.obj.service, e.obj.days, e.obj.maxDays])).toEqual([
      ["PROGRAMADO", 2_000_000_000, MAX_SERVICE_DAYS],
      ["EXPRESS", -1, MAX_SERVICE_DAYS],
    ]);
    expect(warnings.every((e) => e.msg === "svc service with implausible delivery days skipped")).toBe(true);
  });

  it("reads the empty-object 200 of the contract as no services", async () => {
    const result = await quoteAgainst((_r, res) => sendJson(res, 200, {}));
    expect(result).toMatchObject({ products: [], services: [] });
  });

  it("rejects an answer without the availability root as a probable wrong serviceName", async () => {
    const error = await quoteAgainst((_r, res) => sendJson(res, 200, availabilityBody("other"))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SvcInvalidResponseError);
    expect(error).toMatchObject({ endpoint: "quote", field: "svcServiceAvailability" });
  });

  it("names the endpoint and the field when the answer has a wrong shape", async () => {
    const services = [{ service: "NACIONAL", days: "5", totalPricing: "123.40", description: "d", provider: "p" }];
    const error = await quoteAgainst((_r, res) => sendJson(res, 200, availabilityBody("svc", services))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SvcInvalidResponseError);
    expect(error).toMatchObject({
      endpoint: "quote",
      field: "svcServiceAvailability.services[0].days",
      outcomeUnknown: false,
    });
    expect((error as Error).message).toMatch(/^quote: invalid response at svcServiceAvailability\.services\[0\]\.days/);
  });

  it("rejects a price that is not decimal text", async () => {
    const services = [{ service: "NACIONAL", days: 5, totalPricing: "123,40", description: "d", provider: "p" }];
    const error = await quoteAgainst((_r, res) => sendJson(res, 200, availabilityBody("svc", services))).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      name: "SvcInvalidResponseError",
      field: "svcServiceAvailability.services[0].totalPricing",
    });
  });

  it("rejects a destination without a required field before sending", async () => {
    fake = await startFakeService();
    const { client } = testClient(fake);
    const { phone: _omitted, ...withoutPhone } = destination;
    const error = await client
      .quote({ lines: lineItems, destination: withoutPhone as typeof destination })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcInvalidRequestError);
    expect(error).toMatchObject({ field: "consumidor_destino.telefono" });
    expect(fake.requests).toHaveLength(0);
  });

  it("accepts a null interior number, and sends it as null", async () => {
    await quoteAgainst(
      (_r, res) => sendJson(res, 200, availabilityBody()),
      {},
      { lines: lineItems, destination: { ...destination, interiorNumber: null } },
    );
    expect(fake.count(QUOTE)).toBe(1);
    const sent = fake.requests.find((r) => r.path === "/api/rest/services")?.json as Record<string, unknown>;
    expect(sent.consumidor_destino).toEqual({ ...wireDestination, no_interior: null });
  });
});

describe("quote conflicts (409)", () => {
  const conflict =
    (error: string): FakeHandler =>
    (_r, res) =>
      sendJson(res, 409, { path: "$", error, code: "ConflictError" }, { "x-request-id": "req-409" });

  it("types an SHP-003 carrier error as destination not served", async () => {
    const error = await quoteAgainst(
      conflict(
        'Error de integración con paqueterías: {"code":"SHP-003","message":"No hay cobertura para el código postal 39990"}',
      ),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcDestinationNotServedError);
    expect(error).toMatchObject({
      status: 409,
      code: "ConflictError",
      path: "$",
      requestId: "req-409",
      endpoint: "quote",
    });
  });

  it("types a missing-dimensions message as product without dimensions and names the product", async () => {
    const error = await quoteAgainst(conflict("El producto PLAYERA-NEGRA-M no tiene dimensiones registradas")).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SvcProductWithoutDimensionsError);
    expect(error).toMatchObject({ product: "PLAYERA-NEGRA-M" });
  });

  it("types an inventory-reception message as insufficient stock and names the product", async () => {
    const error = await quoteAgainst(
      conflict("Stock insuficiente para TAZA-MX-001 en el almacén; solicita una recepción de inventario"),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcInsufficientStockError);
    expect(error).toMatchObject({ product: "TAZA-MX-001" });
  });

  it("types the contract's empty-object 409 as an unknown conflict", async () => {
    const error = await quoteAgainst((_r, res) => sendJson(res, 409, {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcConflictError);
    expect(error).not.toBeInstanceOf(SvcDestinationNotServedError);
    expect(error).toMatchObject({ status: 409 });
  });
});
