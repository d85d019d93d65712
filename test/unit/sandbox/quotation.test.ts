import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServiceSandbox } from "../../../sandbox/service/server";
import { clientOf, destination, product, startSandbox, type SandboxClient } from "./sandbox-fixture";

const quotation = (cp: string, lines: Array<[string, number]>, extra: Record<string, unknown> = {}) => ({
  productos: lines.map(([identificador, cantidad]) => ({ identificador, cantidad })),
  consumidor_destino: destination(cp),
  ...extra,
});

describe("sandbox quotation", () => {
  let sandbox: ServiceSandbox;
  let api: SandboxClient;
  beforeEach(async () => {
    sandbox = await startSandbox();
    api = await clientOf(sandbox.url);
    await api.post("/api/rest/product/new", {
      productos: [
        product("TAZA-AZ", { upc: "7501234567890" }),
        product("COBIJA", {
          dimension: { data: { peso: "2500", ancho: "20", largo: "30", altura: "10", volumen: "6000" } },
        }),
        product("LAMPARA", {
          dimension: { data: { peso: "1000", ancho: "30", largo: "40", altura: "30", volumen: "36000" } },
        }),
        product("GIFT-500", { dimension: undefined }),
      ],
    });
  });
  afterEach(() => sandbox.close());

  it("offers NACIONAL, EXPRESS and PROGRAMADO in covered Mexico City codes, priced by the table", async () => {
    // GIVEN 2 mugs (2 × 450 g → 1 billable kg) WHEN quoted to 06500 (zone 1, covered)
    const res = await api.post("/api/rest/services", quotation("06500", [["TAZA-AZ", 2]]));
    // THEN all three services come back with zone-1 prices for 1 kg
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.json).toEqual({
      svcServiceAvailability: {
        products: [{ identifier: "TAZA-AZ", inStock: 100 }],
        services: [
          {
            days: 3,
            service: "NACIONAL",
            totalPricing: "99.00",
            description: "Envío nacional estándar, 1 a 3 días hábiles",
            provider: "ESTAFETA",
          },
          {
            days: 1,
            service: "EXPRESS",
            totalPricing: "189.00",
            description: "Envío express, 1 día hábil",
            provider: "DHL",
          },
          {
            days: 2,
            service: "PROGRAMADO",
            totalPricing: "149.00",
            description: expect.stringContaining("programada"),
            provider: "FEDEX",
          },
        ],
      },
    });
  });

  it("offers only NACIONAL outside the covered metropolitan codes", async () => {
    const res = await api.post("/api/rest/services", quotation("72000", [["TAZA-AZ", 1]]));
    expect(res.json.svcServiceAvailability.services).toEqual([
      {
        days: 4,
        service: "NACIONAL",
        totalPricing: "119.00",
        description: "Envío nacional estándar, 2 a 4 días hábiles",
        provider: "ESTAFETA",
      },
    ]);
  });

  it("prices the larger of actual and volumetric weight, rounded up per shipment", async () => {
    // GIVEN 3 blankets at 2.5 kg (7.5 kg) and a lamp of 1 kg but 40×30×30 cm (7.2 kg volumetric)
    const blankets = await api.post("/api/rest/services", quotation("44600", [["COBIJA", 3]]));
    const lamp = await api.post("/api/rest/services", quotation("44600", [["LAMPARA", 1]]));
    // THEN both bill 8 kg in zone 3 (Guadalajara, covered): base + 7 × per-kg
    const prices = (res: typeof lamp) =>
      res.json.svcServiceAvailability.services.map((s: { service: string; totalPricing: string }) => [
        s.service,
        s.totalPricing,
      ]);
    const expected = [
      ["NACIONAL", "314.00"],
      ["EXPRESS", "529.00"],
      ["PROGRAMADO", "399.00"],
    ];
    expect(prices(blankets)).toEqual(expected);
    expect(prices(lamp)).toEqual(expected);
  });

  it("resolves products by UPC and echoes the identifier as requested", async () => {
    const res = await api.post("/api/rest/services", quotation("06500", [["7501234567890", 1]]));
    expect(res.json.svcServiceAvailability.products).toEqual([{ identifier: "7501234567890", inStock: 100 }]);
  });

  it("reports an unknown product before anything else, naming it", async () => {
    // GIVEN an unknown product, an unserved destination and a too-large quantity at once
    const res = await api.post(
      "/api/rest/services",
      quotation("63940", [
        ["TAZA-AZ", 500],
        ["NO-EXISTE", 1],
      ]),
    );
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: expect.stringContaining("NO-EXISTE"), code: "ConflictError", path: "$" });
  });

  it("reports a product without dimensions before the destination, naming it", async () => {
    const res = await api.post("/api/rest/services", quotation("63940", [["GIFT-500", 1]]));
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("ConflictError");
    expect(res.json.error).toContain("GIFT-500");
    expect(res.json.error).toContain("dimensions");
  });

  it("reports an unserved destination with carrier error SHP-003 before stock", async () => {
    for (const cp of ["63940", "00000", "1234", "17000", "ABCDE"]) {
      const res = await api.post("/api/rest/services", quotation(cp, [["TAZA-AZ", 500]]));
      expect(res.status).toBe(409);
      expect(res.json).toEqual({
        error: expect.stringContaining('"code":"SHP-003"'),
        code: "ConflictError",
        path: "$",
      });
    }
  });

  it("reports insufficient stock last, saying inventory reception must be requested", async () => {
    const res = await api.post(
      "/api/rest/services",
      quotation("06500", [
        ["TAZA-AZ", 60],
        ["7501234567890", 41],
      ]),
    );
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("ConflictError");
    expect(res.json.error).toMatch(/requested 101, available 100/);
    expect(res.json.error).toMatch(/inventory reception must be requested/i);
  });

  it("filters to servicio_svc, reads PROGRAMADA as PROGRAMADO and treats unknown values as NACIONAL", async () => {
    const services = async (servicio: string, cp = "06500") =>
      (
        await api.post("/api/rest/services", quotation(cp, [["TAZA-AZ", 1]], { servicio_svc: servicio }))
      ).json.svcServiceAvailability.services.map((s: { service: string }) => s.service);
    expect(await services("EXPRESS")).toEqual(["EXPRESS"]);
    expect(await services("PROGRAMADA")).toEqual(["PROGRAMADO"]);
    expect(await services("URGENTE")).toEqual(["NACIONAL"]);
    expect(await services("EXPRESS", "72000")).toEqual([]);
  });

  it("gives the same prices and days for the same request, across requests and sandboxes", async () => {
    const body = quotation("64000", [
      ["COBIJA", 2],
      ["TAZA-AZ", 3],
    ]);
    const first = await api.post("/api/rest/services", body);
    const second = await api.post("/api/rest/services", body);
    const other = await startSandbox();
    try {
      const otherApi = await clientOf(other.url);
      await otherApi.post("/api/rest/product/new", {
        productos: [
          product("TAZA-AZ"),
          product("COBIJA", {
            dimension: { data: { peso: "2500", ancho: "20", largo: "30", altura: "10", volumen: "6000" } },
          }),
        ],
      });
      const third = await otherApi.post("/api/rest/services", body);
      expect(second.json).toEqual(first.json);
      expect(third.json).toEqual(first.json);
    } finally {
      await other.close();
    }
  });

  it("names the missing destination field and a bad quantity with 400 validation-error", async () => {
    const { telefono: _omitted, ...noPhone } = destination("06500");
    const missing = await api.post("/api/rest/services", {
      productos: [{ identificador: "TAZA-AZ", cantidad: 1 }],
      consumidor_destino: noPhone,
    });
    const zero = await api.post("/api/rest/services", quotation("06500", [["TAZA-AZ", 0]]));
    expect(missing.json).toEqual({
      error: expect.any(String),
      code: "validation-error",
      path: "$.consumidor_destino.telefono",
    });
    expect(zero.json).toEqual({ error: expect.any(String), code: "validation-error", path: "$.productos[0].cantidad" });
    expect([missing.status, zero.status]).toEqual([400, 400]);
  });
});

describe("sandbox quotation with another service name", () => {
  it("builds servicio_<name> and <name>ServiceAvailability from the configured name", async () => {
    const sandbox = await startSandbox({ serviceName: "acme" });
    try {
      const api = await clientOf(sandbox.url);
      await api.post("/api/rest/product/new", { productos: [product("TAZA-AZ")] });
      const res = await api.post(
        "/api/rest/services",
        quotation("06500", [["TAZA-AZ", 1]], { servicio_acme: "EXPRESS" }),
      );
      expect(Object.keys(res.json)).toEqual(["acmeServiceAvailability"]);
      expect(res.json.acmeServiceAvailability.services.map((s: { service: string }) => s.service)).toEqual(["EXPRESS"]);
    } finally {
      await sandbox.close();
    }
  });
});
