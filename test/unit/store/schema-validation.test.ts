import { describe, expect, it } from "vitest";
import { DOMAIN, demoStore } from "./store-fixture";

describe("validation errors answered like Shopify's", () => {
  it("rejects a field Shopify does not have, naming it, with no data and no cost", async () => {
    // GIVEN a query asking for variant weight, which left the variant in 2024-07
    const { store } = demoStore();
    // WHEN it is sent
    const result = await store.graphql(DOMAIN, `query Sync { productVariants(first: 5) { nodes { id weight } } }`);
    // THEN it fails validation the way Shopify answers
    expect(result).toEqual({
      errors: [
        {
          message: "Field 'weight' doesn't exist on type 'ProductVariant'",
          locations: [{ line: 1, column: 53 }],
          path: ["query Sync", "productVariants", "nodes", "weight"],
          extensions: { code: "undefinedField", typeName: "ProductVariant", fieldName: "weight" },
        },
      ],
    });
  });

  it("rejects an argument the field does not take", async () => {
    const { store } = demoStore();
    const result = await store.graphql(DOMAIN, `{ productVariants(first: 5, sort: SKU) { nodes { id } } }`);
    expect(result.errors?.[0]).toMatchObject({
      message: "Field 'productVariants' doesn't accept argument 'sort'",
      extensions: { code: "argumentNotAccepted", argumentName: "sort" },
    });
  });

  it("rejects a missing required argument", async () => {
    const { store } = demoStore();
    const result = await store.graphql(DOMAIN, `{ order { id } }`);
    expect(result.errors?.[0]).toMatchObject({
      message: "Field 'order' is missing required arguments: id",
      extensions: { code: "missingRequiredArguments" },
    });
  });

  it("rejects an object field without a selection", async () => {
    const { store } = demoStore();
    const result = await store.graphql(DOMAIN, `{ shop { plan } }`);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "selectionMismatch", typeName: "ShopPlan" });
  });

  it("rejects a variable of the wrong type", async () => {
    const { store } = demoStore();
    const result = await store.graphql(DOMAIN, `query P($id: String!) { product(id: $id) { id } }`, { id: "x" });
    expect(result.errors?.[0]).toMatchObject({
      message: "Type mismatch on variable $id and argument id (String! / ID!)",
      extensions: { code: "variableMismatch" },
    });
  });

  it("rejects an input variable missing a required field with INVALID_VARIABLE", async () => {
    const { store } = demoStore();
    const result = await store.graphql(
      DOMAIN,
      `mutation C($input: DeliveryCarrierServiceCreateInput!) { carrierServiceCreate(input: $input) { userErrors { message } } }`,
      { input: { name: "Envíos", callbackUrl: "https://app.example/rates", active: true } },
    );
    expect(result.errors?.[0]).toMatchObject({
      message:
        "Variable $input of type DeliveryCarrierServiceCreateInput! was provided invalid value for supportsServiceDiscovery (Expected value to not be null)",
      extensions: { code: "INVALID_VARIABLE", problems: [{ path: ["supportsServiceDiscovery"] }] },
    });
  });

  it("answers a malformed global id with an error and an unknown one with null", async () => {
    const { store } = demoStore();
    const malformed = await store.graphql(DOMAIN, `{ product(id: "123") { id } }`);
    const unknown = await store.graphql(DOMAIN, `{ product(id: "gid://shopify/Product/1") { id } }`);
    expect(malformed.errors?.[0]?.message).toBe("Invalid global id '123'");
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data).toEqual({ product: null });
  });

  it("requires a page size on connections, as Shopify does", async () => {
    const { store } = demoStore();
    const missing = await store.graphql(DOMAIN, `{ products { nodes { id } } }`);
    const tooLarge = await store.graphql(DOMAIN, `{ products(first: 251) { nodes { id } } }`);
    expect(missing.errors?.[0]?.message).toBe("you must provide one of first or last");
    expect(missing.data).toBeNull();
    expect(tooLarge.errors?.[0]?.message).toMatch(/^Argument 'first' on Field 'products' has an invalid value \(251\)/);
  });

  it("reports a syntax error with its location", async () => {
    const { store } = demoStore();
    const result = await store.graphql(DOMAIN, `{ shop { name }`);
    expect(result.errors?.[0]?.message).toMatch(/^Parse error/);
    expect(result.errors?.[0]?.locations).toEqual([{ line: 1, column: 16 }]);
  });

  it("records rejected operations for inspection", async () => {
    const { store } = demoStore();
    await store.graphql(DOMAIN, `query Broken { shop { nope } }`);
    expect(store.inspect(DOMAIN).operations).toMatchObject([
      { outcome: "invalid", query: "query Broken { shop { nope } }" },
    ]);
  });
});
