import { RESERVED_DELIMITER, concatenateAddress1, concatenateAddress2 } from "@shopify/worldwide";
import { describe, expect, it } from "vitest";
import { toDestination, type ShopifyAddress } from "~/address";

const base: ShopifyAddress = {
  country: "MX",
  postal_code: "06500",
  province: "DF",
  city: "Ciudad de México",
  name: "Ana López",
  phone: "5512345678",
};

function streetOf(address1: string, address2: string) {
  const result = toDestination({ ...base, address1, address2 });
  if (!result.ok) throw new Error(result.message);
  const { street, exteriorNumber, interiorNumber, neighborhood } = result.destination;
  return { street, exteriorNumber, interiorNumber, neighborhood, warnings: result.warnings };
}

describe("Shopify's additional address fields (U+2060)", () => {
  it("splits street and number, interior and colonia as the checkout joined them", () => {
    // GIVEN lines built exactly as Shopify's checkout builds them
    const address1 = concatenateAddress1({
      countryCode: "MX",
      streetName: "Av. Insurgentes Sur",
      streetNumber: "1602",
    });
    const address2 = concatenateAddress2({ countryCode: "MX", line2: "Depto 4", neighborhood: "Crédito Constructor" });
    expect(address1).toContain(RESERVED_DELIMITER);
    // WHEN parsed THEN each sub-field lands in its own field, with no guess to report
    expect(streetOf(address1 ?? "", address2 ?? "")).toEqual({
      street: "Av. Insurgentes Sur",
      exteriorNumber: "1602",
      interiorNumber: "Depto 4",
      neighborhood: "Crédito Constructor",
      warnings: [],
    });
  });

  it("takes unlabelled sub-fields at their word, where free text would need a guess", () => {
    // GIVEN a colonia that looks like a street and an interior that is a bare number
    const structured = streetOf(`Hidalgo ${RESERVED_DELIMITER}23`, `7 ${RESERVED_DELIMITER}Juárez 2`);
    // THEN the structured fields are trusted as they are
    expect(structured).toMatchObject({
      street: "Hidalgo",
      exteriorNumber: "23",
      interiorNumber: "7",
      neighborhood: "Juárez 2",
      warnings: [],
    });
  });

  it("reads a colonia-only line 2 that starts with the delimiter", () => {
    expect(streetOf(`Río Lerma ${RESERVED_DELIMITER}232`, `${RESERVED_DELIMITER}Cuauhtémoc`)).toMatchObject({
      interiorNumber: "",
      neighborhood: "Cuauhtémoc",
      warnings: [],
    });
  });

  it("keeps text after a second delimiter in the same sub-field", () => {
    const { exteriorNumber } = streetOf(`Río Lerma ${RESERVED_DELIMITER}232${RESERVED_DELIMITER}B`, "Col. Cuauhtémoc");
    expect(exteriorNumber).toBe("232 B");
  });

  it("reads the interior label inside the interior sub-field", () => {
    expect(streetOf(`Río Lerma ${RESERVED_DELIMITER}232`, `Int. 4 ${RESERVED_DELIMITER}Col. Cuauhtémoc`)).toMatchObject(
      {
        interiorNumber: "4",
        neighborhood: "Cuauhtémoc",
      },
    );
  });
});
