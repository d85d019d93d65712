import { describe, expect, it } from "vitest";
import {
  addressHoldNotes,
  addressHoldReason,
  addressProblem,
  problemOfReason,
  whatsappLink,
  type AddressProblem,
} from "~/fulfillment/core/address-hold";
import { toDestination } from "~/address";

const PROBLEMS: AddressProblem[] = [
  { code: "noExteriorNumber" },
  { code: "postalCodeState", cp: "06500", byCp: "Ciudad de México", state: "Jalisco" },
  { code: "destinationNotServed", cp: "63950" },
];

const CODE_OF = {
  noExteriorNumber: "addressHeldNoNumber",
  postalCodeState: "addressHeldPostalCode",
  destinationNotServed: "addressHeldNotServed",
} as const;

const address = (patch: Record<string, string>) => ({
  first_name: "Ana",
  last_name: "López",
  address1: "Río Lerma 232",
  address2: "Col. Cuauhtémoc",
  city: "Ciudad de México",
  province: "Ciudad de México",
  province_code: "CMX",
  zip: "06500",
  country_code: "MX",
  phone: "55 1234 5678",
  ...patch,
});

describe("addressProblem", () => {
  it("holds for a missing exterior number and a postal code in another state, not for a complete address", () => {
    const problemOf = (patch: Record<string, string>) => {
      const result = toDestination(address(patch) as never);
      return result.ok ? addressProblem(result.warnings) : "not ok";
    };
    expect(problemOf({})).toBeNull();
    expect(problemOf({ address1: "Avenida Juárez" })).toEqual({ code: "noExteriorNumber" });
    expect(problemOf({ province: "Jalisco", province_code: "JAL" })).toEqual(PROBLEMS[1]);
  });
});

describe("the hold's words", () => {
  it.each(PROBLEMS)("$code: the record's reason reads back as its problem and as a reason code", (problem) => {
    const reason = addressHoldReason(problem);
    expect(problemOfReason(reason)).toEqual(problem);
    expect(reason.code).toBe(CODE_OF[problem.code]);
  });

  it("a destination the service refused: the note and the buyer's message name the postal code, in Spanish", () => {
    expect(addressHoldNotes(PROBLEMS[2]!)).toBe(
      "El servicio de envío no llega al código postal 63950. Confirma con el comprador su código postal o una dirección de entrega que sí tenga cobertura.",
    );
    const link = new URL(whatsappLink({ phone: "55 1234 5678", orderName: "#1001", problem: PROBLEMS[2]! })!);
    expect(link.searchParams.get("text")).toMatch(
      /^Hola, gracias por tu pedido #1001\. .*cobertura en el código postal 63950/,
    );
    expect(addressHoldReason(PROBLEMS[2]!)).toEqual({
      code: "addressHeldNotServed",
      params: { cp: "63950" },
    });
  });

  it("the note on Shopify's hold is Spanish, with the postal code and states filled in", () => {
    expect(addressHoldNotes(PROBLEMS[1]!)).toBe(
      "El código postal 06500 es de Ciudad de México, no de Jalisco. Confirma el código postal y el estado con el comprador.",
    );
  });
});

describe("whatsappLink", () => {
  it.each([
    ["+52 1 55 1234 5678", "525512345678"],
    ["044 55 1234 5678", "525512345678"],
    ["(33) 3615-0000", "523336150000"],
  ])("normalises %s to wa.me/%s", (phone, digits) => {
    const link = new URL(whatsappLink({ phone, orderName: "#1001", problem: PROBLEMS[0]! })!);
    expect(`${link.origin}${link.pathname}`).toBe(`https://wa.me/${digits}`);
    expect(link.searchParams.get("text")).toMatch(/^Hola, gracias por tu pedido #1001\. .*número exterior/);
  });

  it.each([null, "", "123", "+1 415 555 0100"])("offers no link for %j", (phone) => {
    expect(whatsappLink({ phone, orderName: "#1001", problem: PROBLEMS[0]! })).toBeNull();
  });
});
