import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServiceSandbox } from "../../../sandbox/service/server";
import { clientOf, destination, product, startSandbox, UUID, type SandboxClient } from "./sandbox-fixture";

const MINUTE = 60_000;

const orderBody = (overrides: Record<string, unknown> = {}) => ({
  productos: [{ identificador: "TAZA-AZ", cantidad: 3 }],
  consumidor_destino: destination("06500", { email: "ana@example.com" }),
  servicio_svc: "NACIONAL",
  tienda_orden_ref: "#1001",
  ...overrides,
});

describe("sandbox orders", () => {
  let sandbox: ServiceSandbox;
  let api: SandboxClient;
  const advance = (advanceMs: number) => api.post("/__sandbox/clock", { advanceMs });

  beforeEach(async () => {
    sandbox = await startSandbox();
    api = await clientOf(sandbox.url);
    await api.post("/api/rest/product/new", {
      productos: [product("TAZA-AZ"), product("GIFT-500", { dimension: undefined })],
    });
  });
  afterEach(() => sandbox.close());

  it("creates an order, then moves it WAITING → PICK → PACK → READY_TO_GO → IN_TRANSIT → DELIVERED with sandbox time", async () => {
    // GIVEN a new order
    const created = await api.post("/api/rest/orders", orderBody());
    expect(created.status).toBe(200);
    expect(created.json).toEqual({ orden: { ordenRef: expect.stringMatching(UUID) } });
    const id = created.json.orden.ordenRef as string;
    const lookup = async () => (await api.get(`/api/rest/order/${id}`)).json.orden;

    // THEN it starts WAITING, without tracking
    const waiting = await lookup();
    expect(waiting).toMatchObject({
      id,
      almacen: { nombre_almacen: expect.any(String) },
      // 3 × 450 g = 1.35 kg → 2 billable kg in zone 1: 99.00 + 15.00
      precio_um: "114.00",
      consumidor: { codigo_postal: "06500", nombre: "Ana López", email: "ana@example.com", lat: null, lng: null },
      empaquetado: { titulo: expect.any(String) },
      rastreo_numero: null,
      rastreo_paqueteria: null,
      rastreo_url: null,
      rastreo_pdf: null,
      detalle_orden: [{ cantidad: 3, producto: { sku: "TAZA-AZ", nombre: "Producto TAZA-AZ" }, recogido: false }],
      tipo_servicio: "NACIONAL",
      tienda_orden_ref: "#1001",
      fecha_programacion: null,
    });
    expect(waiting.estados_orden.map((e: { estado_orden: string }) => e.estado_orden)).toEqual(["WAITING"]);

    // WHEN sandbox time passes the documented steps
    await advance(30 * MINUTE);
    const ready = await lookup();
    expect(ready.estados_orden.map((e: { estado_orden: string }) => e.estado_orden)).toEqual([
      "WAITING",
      "PICK",
      "PACK",
      "READY_TO_GO",
    ]);
    expect(ready.rastreo_numero).toBeNull();
    expect(ready.detalle_orden[0].recogido).toBe(true);

    await advance(30 * MINUTE);
    const inTransit = await lookup();
    expect(inTransit.estados_orden.at(-1).estado_orden).toBe("IN_TRANSIT");
    expect(inTransit).toMatchObject({
      rastreo_numero: expect.stringMatching(/^\d{22}$/),
      rastreo_paqueteria: "ESTAFETA",
      rastreo_url: expect.stringMatching(/^https:\/\//),
      rastreo_pdf: expect.stringMatching(/\.pdf$/),
    });

    // THEN after the quoted 3 days it is DELIVERED, with timestamps in order and tracking unchanged
    await advance(3 * 24 * 60 * MINUTE);
    const delivered = await lookup();
    const states = delivered.estados_orden as Array<{ estado_orden: string; timestamp: string }>;
    expect(states.map((e) => e.estado_orden)).toEqual([
      "WAITING",
      "PICK",
      "PACK",
      "READY_TO_GO",
      "IN_TRANSIT",
      "DELIVERED",
    ]);
    const times = states.map((e) => Date.parse(e.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(delivered.rastreo_numero).toBe(inTransit.rastreo_numero);
  });

  it("runs orders forward with the speed factor, no clock jumps needed", async () => {
    await sandbox.close();
    sandbox = await startSandbox({ speed: 60_000 });
    api = await clientOf(sandbox.url);
    await api.post("/api/rest/product/new", { productos: [product("TAZA-AZ")] });
    const id = (await api.post("/api/rest/orders", orderBody())).json.orden.ordenRef;
    // One real millisecond is a sandbox minute, so 80 ms later the order is in transit.
    await new Promise((resolve) => setTimeout(resolve, 80));
    const order = (await api.get(`/api/rest/order/${id}`)).json.orden;
    expect(order.rastreo_paqueteria).toBe("ESTAFETA");
  });

  it("requires servicio_svc and, as the newer docs say, colonia and pais", async () => {
    const { servicio_svc: _s, ...noService } = orderBody();
    const { colonia: _c, ...noColonia } = destination("06500");
    const { pais: _p, ...noPais } = destination("06500");
    const cases: Array<[unknown, string]> = [
      [noService, "$.servicio_svc"],
      [orderBody({ consumidor_destino: noColonia }), "$.consumidor_destino.colonia"],
      [orderBody({ consumidor_destino: noPais }), "$.consumidor_destino.pais"],
    ];
    for (const [body, path] of cases) {
      const res = await api.post("/api/rest/orders", body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: expect.any(String), code: "validation-error", path });
    }
  });

  it("answers the quotation's 409s and reserves nothing when it refuses", async () => {
    const dimensionless = await api.post(
      "/api/rest/orders",
      orderBody({ productos: [{ identificador: "GIFT-500", cantidad: 1 }] }),
    );
    const unserved = await api.post("/api/rest/orders", orderBody({ consumidor_destino: destination("63940") }));
    const tooMany = await api.post(
      "/api/rest/orders",
      orderBody({ productos: [{ identificador: "TAZA-AZ", cantidad: 101 }] }),
    );
    expect(dimensionless.json).toMatchObject({
      code: "ConflictError",
      path: "$",
      error: expect.stringContaining("GIFT-500"),
    });
    expect(unserved.json.error).toContain("SHP-003");
    expect(tooMany.json.error).toMatch(/inventory reception must be requested/i);
    expect([dimensionless.status, unserved.status, tooMany.status]).toEqual([409, 409, 409]);
    const stock = await api.post("/api/rest/inventory/stock");
    expect(stock.json.inventario.find((p: { sku: string }) => p.sku === "TAZA-AZ").disponibles).toBe(100);
    expect((await api.get("/__sandbox/orders")).json.orders).toEqual([]);
  });

  it("refuses EXPRESS where it is not offered, and defaults an unknown service to NACIONAL", async () => {
    const express = await api.post(
      "/api/rest/orders",
      orderBody({ servicio_svc: "EXPRESS", consumidor_destino: destination("72000") }),
    );
    expect(express.status).toBe(409);
    expect(express.json.error).toContain("EXPRESS");
    const unknown = await api.post("/api/rest/orders", orderBody({ servicio_svc: "URGENTE" }));
    const order = (await api.get(`/api/rest/order/${unknown.json.orden.ordenRef}`)).json.orden;
    expect(order.tipo_servicio).toBe("NACIONAL");
  });

  it("answers PROGRAMADA orders as PROGRAMADO, shipped by the scheduled carrier", async () => {
    const created = await api.post(
      "/api/rest/orders",
      orderBody({ servicio_svc: "PROGRAMADA", fecha_programacion: "2026-12-01" }),
    );
    await advance(60 * MINUTE);
    const order = (await api.get(`/api/rest/order/${created.json.orden.ordenRef}`)).json.orden;
    expect(order).toMatchObject({
      tipo_servicio: "PROGRAMADO",
      rastreo_paqueteria: "FEDEX",
      fecha_programacion: "2026-12-01",
      precio_um: "169.00",
    });
  });

  it("answers 404 not-found for an unknown order id", async () => {
    const res = await api.get("/api/rest/order/7b0c6a52-0d1c-4d8e-9a57-4a0f3f3c2e11");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: expect.any(String), code: "not-found", path: "$" });
  });

  it("shows every order with its full request body, client, status and id on /__sandbox/orders", async () => {
    const body = orderBody({ campo_extra: { nota: "se conserva" } });
    const id = (await api.post("/api/rest/orders", body)).json.orden.ordenRef;
    const res = await api.get("/__sandbox/orders");
    expect(res.json.orders).toEqual([
      {
        id,
        client: expect.stringMatching(UUID),
        status: "WAITING",
        service: "NACIONAL",
        createdAt: expect.any(String),
        request: body,
      },
    ]);
  });

  it("answers in-process, for a test's observations, exactly what /__sandbox/orders and /__sandbox/products answer over HTTP", async () => {
    // GIVEN an order that has moved on with sandbox time
    await api.post("/api/rest/orders", orderBody());
    await advance(20 * MINUTE);

    // THEN inspect() gives the same JSON as the two routes
    const seen = sandbox.inspect("sandbox-key");
    expect(seen.orders).toEqual((await api.get("/__sandbox/orders")).json.orders);
    expect(seen.orders[0]?.status).not.toBe("WAITING");
    expect(seen.products).toEqual((await api.get("/__sandbox/products")).json.products);

    // AND it is a copy: changing it changes nothing in the sandbox
    type Sent = { productos: { cantidad: number }[] };
    (seen.orders[0]!.request as Sent).productos[0]!.cantidad = 99;
    seen.products[0]!.disponibles = -1;
    expect(sandbox.inspect("sandbox-key")).toEqual({
      orders: (await api.get("/__sandbox/orders")).json.orders,
      products: (await api.get("/__sandbox/products")).json.products,
    });
    expect((sandbox.inspect("sandbox-key").orders[0]?.request as Sent).productos[0]?.cantidad).toBe(3);

    // AND a key the sandbox does not know is refused
    expect(() => sandbox.inspect("not-a-key")).toThrow(/no client with this API key/);
  });
});
