import { describe, expect, it } from "vitest";
import { describeLeaks, merchantTextLeaks } from "../../helpers/merchant-text";

const kinds = (text: string, locale: "es" | "en", allow: string[] = []) =>
  merchantTextLeaks(text, locale, allow).map((leak) => [leak.kind, leak.match]);

describe("the page walk's detector of what a merchant must not read", () => {
  it("finds a Shopify GID, with the whole line it is in", () => {
    expect(merchantTextLeaks("Pedido gid://shopify/Order/1001 enviado", "es")).toEqual([
      { kind: "gid", match: "gid://shopify/Order/1001", line: "Pedido gid://shopify/Order/1001 enviado" },
    ]);
  });

  it("finds raw JSON", () => {
    expect(kinds('El servicio dijo: {"code":"SHP-003"}', "es")).toContainEqual(["json", '{"']);
    expect(kinds('error "message": nada', "es")).toContainEqual(["json", '":']);
  });

  it("finds exception class names, not the word «Error» alone", () => {
    expect(kinds("Falló: SvcConflictError", "es")).toContainEqual(["exception", "SvcConflictError"]);
    expect(kinds("RangeError: Invalid time value", "en")).toContainEqual(["exception", "RangeError"]);
    expect(kinds("TypeError", "en")).toContainEqual(["exception", "TypeError"]);
    expect(kinds("java.lang.IllegalStateException", "en")).toContainEqual(["exception", "IllegalStateException"]);
    expect(kinds("Error: the key was refused.", "en")).toEqual([]);
  });

  it("finds untranslated codes: snake case either way, camel case, the service's own", () => {
    expect(kinds("Estado en el servicio: IN_TRANSIT", "es")).toContainEqual(["code", "IN_TRANSIT"]);
    expect(kinds("Status: needs_attention", "en")).toContainEqual(["code", "needs_attention"]);
    expect(kinds("Servicio PROGRAMADO", "es")).toContainEqual(["code", "PROGRAMADO"]);
    expect(kinds("Fields with a problem: noWeight", "en")).toContainEqual(["code", "noWeight"]);
    expect(kinds("Rechazado (SHP-003)", "es")).toContainEqual(["code", "SHP-003"]);
    expect(kinds("Shopify envió orders/paid", "es")).toContainEqual(["code", "orders/paid"]);
    expect(kinds("Cliente y/o destinatario", "es")).toEqual([]);
  });

  it("finds a sentence in the other language, in either direction", () => {
    expect(kinds("The order was sent to the warehouse.", "es")).toContainEqual(["otherLanguage", "The"]);
    expect(kinds("Not completed: register a product", "en")).toEqual([]);
    expect(kinds("No hay suficiente inventario en el almacén.", "en")).toContainEqual(["otherLanguage", "almacén"]);
    expect(kinds("Configuración", "en")).toContainEqual(["otherLanguage", "Configuración"]);
    expect(kinds("Campos con problema", "en")).toContainEqual(["otherLanguage", "con"]);
    expect(kinds("Campos con problema: name", "es")).toContainEqual(["otherLanguage", "name"]);
    // Mexican Spanish says «stock» too.
    expect(kinds("Actualizar el inventario de Shopify con el stock del almacén", "es")).toEqual([]);
  });

  it("passes clean text of either language, brands and the merchant's own data included", () => {
    const es = [
      "Pedidos",
      "El pedido #1001 se envió al almacén con Express · listo para salir del almacén",
      "Guía ESTAFETA 794612345678",
      "Escríbele al comprador por WhatsApp",
      "Colonia: Sin la etiqueta «Col.»; se tomó «Depto 4» como colonia.",
      "Jabón artesanal de Tepoztlán - Lavanda (JAB-LAV)",
      "Shopify Flow, Shopify Payments, CDMX, SKU, API, QA",
      "https://rastreo.example/794612345678",
    ].join("\n");
    expect(merchantTextLeaks(es, "es")).toEqual([]);
    const en = [
      "Orders",
      "Order #1001 went to the warehouse with Express · ready to leave the warehouse",
      "Colonia: No “Col.” label; took “Depto 4, frente al parque” as the colonia.",
      "Error: the service is down.",
    ].join("\n");
    expect(merchantTextLeaks(en, "en", ["Depto 4, frente al parque"])).toEqual([]);
    // Without the allow-list, the buyer's address reads as Spanish.
    expect(kinds("Jabón para las manos", "en")).toContainEqual(["otherLanguage", "para"]);
    expect(kinds("Jabón para las manos", "en", ["Jabón para las manos"])).toEqual([]);
  });

  it("names the page, the language and the line of each leak", () => {
    const leaks = merchantTextLeaks("Fields with a problem: noWeight", "en");
    expect(describeLeaks("Pedidos", "en", leaks)).toEqual([
      "Pedidos [en] code «noWeight» in: Fields with a problem: noWeight",
    ]);
  });
});
