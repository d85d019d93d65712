import { describe, expect, it } from "vitest";
import { toDestination, type ShopifyAddress } from "~/address";

const mexican: ShopifyAddress = {
  address1: "Río Lerma 232",
  address2: "Int. 4, Col. Cuauhtémoc",
  city: "Ciudad de México",
  name: "Ana López",
  phone: "+52 55 1234 5678",
};

describe("toDestination and the country", () => {
  it.each([
    [{ country: "MX" }],
    [{ country: "Mexico" }],
    [{ country: "México" }],
    [{ country: "MEX" }],
    [{ country: "mexico" }],
    [{ country_code: "MX", country: "Mexico" }],
    [{ country_code: "mx" }],
    [{ country: " MÉXICO " }],
  ])("accepts %j as Mexico", (country) => {
    const result = toDestination({ ...mexican, postal_code: "06500", province: "DF", ...country });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.destination.country).toBe("Mexico");
  });

  it.each([
    [{ country: "US" }, "US"],
    [{ country: "United States" }, "United States"],
    [{ country_code: "CA", country: "Canada" }, "CA"],
    [{ country_code: "US", country: "Mexico" }, "US"],
    [{ country: "New Mexico" }, "New Mexico"],
  ])("answers outside_mexico for %j so callers can return no rates", (country, named) => {
    // GIVEN a destination in another country WHEN converted THEN the typed refusal names it
    const result = toDestination({ ...mexican, postal_code: "06500", province: "DF", ...country });
    expect(result).toEqual({
      ok: false,
      reason: "outside_mexico",
      country: named,
      message: `destination country "${named}" is outside Mexico, the only country the service ships to`,
    });
  });

  it("assumes Mexico when no country is given but the state and postal code agree, and says so", () => {
    const result = toDestination({ ...mexican, postal_code: "06500", province: "DF" });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.warnings).toContainEqual(
        expect.objectContaining({
          field: "country",
          message: "no country given; assumed Mexico from the state and postal code",
        }),
      );
    }
  });

  it.each([
    ["a Canadian province and postal code", { province: "BC", postal_code: "V6B 1A1" }],
    ["a Mexican state with a postal code from another state", { province: "BC", postal_code: "06500" }],
    ["no state at all", { postal_code: "06500" }],
    ["nothing at all", {}],
  ])("refuses a missing country with %s", (_, location) => {
    expect(toDestination({ ...mexican, ...location })).toMatchObject({
      ok: false,
      reason: "outside_mexico",
      country: "",
    });
  });
});
