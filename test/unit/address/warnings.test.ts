import { describe, expect, it } from "vitest";
import { toDestination, type ShopifyAddress } from "~/address";

const base: ShopifyAddress = {
  country: "MX",
  postal_code: "06500",
  province: "DF",
  city: "Ciudad de México",
  name: "Ana López",
  phone: "55 1234 5678",
};

function warningsFor(address: ShopifyAddress) {
  const result = toDestination({ ...base, ...address });
  if (!result.ok) throw new Error(`expected a destination, got ${result.message}`);
  return result;
}

describe("warnings a merchant can act on", () => {
  it("says S/N was sent when no exterior number is found, quoting the street", () => {
    // GIVEN a street with no number anywhere
    const { destination, warnings } = warningsFor({ address1: "Prol. Juárez", address2: "Col. Centro" });
    // THEN the service gets S/N and the merchant is told which street lacked a number
    expect(destination.exteriorNumber).toBe("S/N");
    expect(warnings).toContainEqual(
      expect.objectContaining({
        field: "exteriorNumber",
        message: 'no exterior number found; sent "S/N"',
        original: "Prol. Juárez",
      }),
    );
  });

  it("does not warn about an explicit S/N", () => {
    const { warnings } = warningsFor({ address1: "Prol. Juárez S/N", address2: "Col. Centro" });
    expect(warnings).toEqual([]);
  });

  it("quotes a guessed colonia so the merchant can check it", () => {
    const { warnings } = warningsFor({ address1: "Río Lerma 232", address2: "Cuauhtémoc" });
    expect(warnings).toEqual([
      expect.objectContaining({
        field: "neighborhood",
        message: 'no "Col." label; took "Cuauhtémoc" as the colonia',
        original: "Cuauhtémoc",
      }),
    ]);
  });

  it("keeps text it cannot place in the street and quotes it", () => {
    // GIVEN a colonia and a repeated city after the street, both unlabelled
    const { destination, warnings } = warningsFor({ address1: "Río Lerma 232, Cuauhtémoc, CDMX", address2: "" });
    // THEN the first is taken as the colonia and the second stays in the street, both reported
    expect(destination.neighborhood).toBe("Cuauhtémoc");
    expect(destination.street).toBe("Río Lerma, CDMX");
    expect(warnings.map((w) => w.original)).toEqual(["CDMX", "Cuauhtémoc"]);
  });

  it("says when a block and lot with no street name is sent as the street", () => {
    // GIVEN a lot address with no street and the colonia unlabelled on line 2
    const { destination, warnings } = warningsFor({ address1: "Mz 5 Lt 12", address2: "Santa Cruz Meyehualco" });
    // THEN the lot is the street, the number S/N, and the merchant is told about each guess
    expect(destination).toMatchObject({
      street: "Mz 5 Lt 12",
      exteriorNumber: "S/N",
      neighborhood: "Santa Cruz Meyehualco",
    });
    expect(warnings).toContainEqual(
      expect.objectContaining({
        field: "street",
        message: 'no street name; sent the block and lot "Mz 5 Lt 12" as the street',
        original: "Mz 5 Lt 12",
      }),
    );
  });

  it("quotes a building name it took off the house number", () => {
    const { destination, warnings } = warningsFor({
      address1: "Lago Zurich 245 Edificio Frisco",
      address2: "Col. Ampliación Granada",
    });
    expect(destination).toMatchObject({
      street: "Lago Zurich",
      exteriorNumber: "245",
      interiorNumber: "Edificio Frisco",
    });
    expect(warnings).toEqual([
      expect.objectContaining({
        field: "interiorNumber",
        message:
          'took "Edificio Frisco" after the house number as a building\'s name; sent it in the interior reference',
        original: "Edificio Frisco",
      }),
    ]);
  });

  it("lists warnings in the order of the destination's fields", () => {
    const { warnings } = warningsFor({ address1: "", address2: "", phone: "", name: "", postal_code: "" });
    const fields = warnings.map((w) => w.field);
    expect(fields).toEqual(["street", "exteriorNumber", "neighborhood", "postalCode", "recipient", "phone"]);
  });

  it("uses the company when there is no recipient name, and says so", () => {
    const { destination, warnings } = warningsFor({
      name: null,
      company_name: "Tienda Demo",
      address1: "Río Lerma 232",
      address2: "Col. Cuauhtémoc",
    });
    expect(destination.recipient).toBe("Tienda Demo");
    expect(warnings).toEqual([
      expect.objectContaining({
        field: "recipient",
        message: "no recipient name; sent the company name",
        original: "Tienda Demo",
      }),
    ]);
  });

  it("prefers first and last name over the combined name", () => {
    const { destination } = warningsFor({ first_name: " Ana ", last_name: "López  Ruiz", name: "A. López" });
    expect(destination.recipient).toBe("Ana López Ruiz");
  });
});
