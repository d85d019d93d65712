// The one mapping between the client's English parameters and the service's wire names
// (app/svc/shipment.ts): what goes on the wire, field for field, and what a fulfilment record
// that kept the sent order in wire form reads back.
import { describe, expect, it } from "vitest";
import { submittedAddressOf, submittedDestinationOf, submittedLinesOf, submittedOrderJson } from "~/svc";
import { toWireShipment } from "~/svc/shipment";
import { createOrderParamsSchema } from "~/svc/wire/order";
import { quoteParamsSchema } from "~/svc/wire/quote";
import { destination, lineItems, wireDestination, wireLineItems } from "./support/fixtures";

describe("toWireShipment", () => {
  it("maps an order field for field, with the country, service and store reference", () => {
    const wire = toWireShipment({ lines: lineItems, destination, service: "EXPRESS", storeOrderRef: "#1042" });
    expect(wire).toStrictEqual({
      productos: [
        { identificador: "TAZA-MX-001", cantidad: 2 },
        { identificador: "PLAYERA-NEGRA-M", cantidad: 1 },
      ],
      consumidor_destino: {
        calle: "Avenida Insurgentes Sur",
        no_exterior: "1602",
        no_interior: "Piso 4",
        colonia: "Crédito Constructor",
        codigo_postal: "03940",
        estado: "Ciudad de México",
        ciudad: "Benito Juárez",
        nombre: "María Fernanda López",
        telefono: "+525512345678",
        pais: "Mexico",
      },
      servicio: "EXPRESS",
      tienda_orden_ref: "#1042",
    });
    // AND the wire schema the client checks it with accepts it as it is
    expect(createOrderParamsSchema.parse(wire)).toStrictEqual(wire);
  });

  it("leaves out `pais`, `servicio` and `tienda_orden_ref` when none is given (a quotation)", () => {
    const { country: _omitted, ...withoutCountry } = destination;
    const wire = toWireShipment({ lines: lineItems, destination: withoutCountry });
    const { pais: _pais, ...expectedDestination } = wireDestination;
    expect(wire).toStrictEqual({ productos: wireLineItems, consumidor_destino: expectedDestination });
    expect(JSON.stringify(wire)).not.toMatch(/pais|servicio|tienda_orden_ref/);
    expect(quoteParamsSchema.parse(wire)).toStrictEqual(wire);
  });

  it("sends the interior number as given: null stays null, an empty one stays empty", () => {
    const withNull = toWireShipment({ lines: lineItems, destination: { ...destination, interiorNumber: null } });
    expect(withNull.consumidor_destino.no_interior).toBeNull();
    expect(JSON.parse(JSON.stringify(withNull)).consumidor_destino).toHaveProperty("no_interior", null);
    const empty = toWireShipment({ lines: lineItems, destination: { ...destination, interiorNumber: "" } });
    expect(empty.consumidor_destino.no_interior).toBe("");
  });

  it("sends none of a caller's extra fields", () => {
    const wire = toWireShipment({
      lines: lineItems,
      destination: { ...destination, email: "a@b.mx" } as typeof destination,
    });
    expect(Object.keys(wire.consumidor_destino)).toEqual([
      "calle",
      "no_exterior",
      "no_interior",
      "colonia",
      "codigo_postal",
      "estado",
      "ciudad",
      "nombre",
      "telefono",
      "pais",
    ]);
  });
});

describe("a sent order kept on a record", () => {
  const order = { lines: lineItems, destination, service: "NACIONAL" as const, storeOrderRef: "#1001" };

  it("is kept as the wire parameters that were sent", () => {
    expect(submittedOrderJson(order)).toStrictEqual({
      productos: wireLineItems,
      consumidor_destino: wireDestination,
      servicio: "NACIONAL",
      tienda_orden_ref: "#1001",
    });
  });

  it("reads back its lines and destination in the app's words, as written", () => {
    const stored = JSON.parse(JSON.stringify(submittedOrderJson(order))) as unknown;
    expect(submittedLinesOf(stored)).toEqual(lineItems);
    expect(submittedAddressOf(stored)).toEqual(destination);
  });

  it("reads a record written before the domain types (the same wire form) alike", () => {
    // A body as submit.server.ts stored it when the request itself was in wire names
    const old = {
      productos: [{ identificador: "TAZA-AZ", cantidad: 2 }],
      consumidor_destino: { ...wireDestination, no_interior: "" },
      servicio: "EXPRESS",
      tienda_orden_ref: "#1001",
    };
    expect(submittedLinesOf(old)).toEqual([{ identifier: "TAZA-AZ", quantity: 2 }]);
    expect(submittedAddressOf(old)).toEqual({ ...destination, interiorNumber: "" });
  });

  it("reads nothing from a missing, erased or malformed body", () => {
    for (const stored of [null, undefined, "text", [], {}, { productos: "x", consumidor_destino: null }]) {
      expect(submittedLinesOf(stored)).toEqual([]);
      expect(submittedAddressOf(stored)).toBeNull();
    }
    expect(submittedLinesOf({ productos: [{ identificador: "A", cantidad: 1 }, { sku: "B" }, null] })).toEqual([
      { identifier: "A", quantity: 1 },
    ]);
    expect(submittedAddressOf({ consumidor_destino: { calle: "Hidalgo", no_interior: null } })).toEqual({
      street: "Hidalgo",
      exteriorNumber: "",
      interiorNumber: null,
      neighborhood: "",
      postalCode: "",
      state: "",
      city: "",
      recipient: "",
      phone: "",
    });
  });
});

describe("submittedDestinationOf (the privacy export's address sent to the service)", () => {
  it("reads the destination a fulfilment record keeps under body, beside the paid order", () => {
    const order = { lines: lineItems, destination, service: "NACIONAL" as const, storeOrderRef: "#1001" };
    const request = JSON.parse(JSON.stringify({ order: { id: 1 }, body: submittedOrderJson(order) })) as unknown;
    expect(submittedDestinationOf(request)).toEqual(wireDestination);
  });

  it("reads a request stored as the parameters alone, and nothing from an erased or missing one", () => {
    expect(submittedDestinationOf({ consumidor_destino: { nombre: "Ana López" } })).toEqual({ nombre: "Ana López" });
    for (const request of [null, "x", [], { redacted: true }, { order: { id: 1 } }, { body: {} }]) {
      expect(submittedDestinationOf(request)).toBeNull();
    }
  });
});
