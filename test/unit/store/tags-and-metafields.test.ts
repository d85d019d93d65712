import { describe, expect, it } from "vitest";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const TAGS_ADD = /* GraphQL */ `
  mutation Tag($id: ID!, $tags: [String!]!) {
    tagsAdd(id: $id, tags: $tags) {
      node {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;
const TAGS_REMOVE = /* GraphQL */ `
  mutation Untag($id: ID!, $tags: [String!]!) {
    tagsRemove(id: $id, tags: $tags) {
      node {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;
const SET = /* GraphQL */ `
  mutation Set($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
        key
        namespace
        value
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;
const ORDER = /* GraphQL */ `
  query Order($id: ID!) {
    order(id: $id) {
      tags
      metafield(namespace: "svc", key: "order_id") {
        type
        value
      }
    }
  }
`;

function withOrder() {
  const { store } = demoStore();
  const order = store.orders.createPaid(DOMAIN, { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
  return { store, orderId: order.admin_graphql_api_id };
}

describe("tagsAdd and tagsRemove", () => {
  it("adds tags to an order as Shopify normalises them", async () => {
    // GIVEN a paid order
    const { store, orderId } = withOrder();
    // WHEN the app tags it twice, once with a comma-separated string and a duplicate
    await queryData(store, TAGS_ADD, { id: orderId, tags: ["svc-submitted"] });
    const data = await queryData(store, TAGS_ADD, { id: orderId, tags: ["svc-order:SO-77, SVC-SUBMITTED"] });
    // THEN the order carries each tag once, sorted, and the payload says the same
    expect(data.tagsAdd).toEqual({ node: { id: orderId }, userErrors: [] });
    expect((await queryData(store, ORDER, { id: orderId })).order.tags).toEqual(["svc-order:SO-77", "svc-submitted"]);
    expect(store.inspect(DOMAIN).tags[orderId]).toEqual(["svc-order:SO-77", "svc-submitted"]);
    expect(store.orders.get(DOMAIN, orderId)?.tags).toBe("svc-order:SO-77, svc-submitted");
  });

  it("removes tags ignoring case", async () => {
    const { store, orderId } = withOrder();
    await queryData(store, TAGS_ADD, { id: orderId, tags: ["a", "b"] });
    await queryData(store, TAGS_REMOVE, { id: orderId, tags: ["A"] });
    expect((await queryData(store, ORDER, { id: orderId })).order.tags).toEqual(["b"]);
  });

  it("answers an unknown resource with a user error", async () => {
    const { store } = withOrder();
    const data = await queryData(store, TAGS_ADD, { id: "gid://shopify/Order/1", tags: ["x"] });
    expect(data.tagsAdd).toEqual({ node: null, userErrors: [{ field: ["id"], message: "Resource does not exist" }] });
  });
});

describe("metafieldsSet", () => {
  it("creates an order metafield and updates it in place", async () => {
    // GIVEN a paid order
    const { store, orderId } = withOrder();
    const input = {
      ownerId: orderId,
      namespace: "svc",
      key: "order_id",
      type: "single_line_text_field",
      value: "SO-77",
    };
    // WHEN the app sets and then changes the service's order id
    const first = await queryData(store, SET, { metafields: [input] });
    const second = await queryData(store, SET, { metafields: [{ ...input, value: "SO-78" }] });
    // THEN one metafield holds the latest value
    expect(first.metafieldsSet.userErrors).toEqual([]);
    expect(second.metafieldsSet.metafields[0].id).toBe(first.metafieldsSet.metafields[0].id);
    expect((await queryData(store, ORDER, { id: orderId })).order.metafield).toEqual({
      type: "single_line_text_field",
      value: "SO-78",
    });
    expect(store.inspect(DOMAIN).metafields.filter((m) => m.ownerId === orderId)).toHaveLength(1);
  });

  it("writes a dimension metafield on a variant", async () => {
    const { store } = withOrder();
    const variantId = store.products.list(DOMAIN)[0]!.variants[0]!.admin_graphql_api_id;
    const value = JSON.stringify({ value: 10.5, unit: "cm" });
    const data = await queryData(store, SET, {
      metafields: [{ ownerId: variantId, namespace: "custom", key: "depth", type: "dimension", value }],
    });
    expect(data.metafieldsSet.metafields).toEqual([
      { id: expect.any(String), key: "depth", namespace: "custom", value },
    ]);
  });

  it("writes nothing when one entry is invalid", async () => {
    // GIVEN one good entry and one with a value that does not fit its type
    const { store, orderId } = withOrder();
    const metafields = [
      { ownerId: orderId, namespace: "svc", key: "order_id", type: "single_line_text_field", value: "SO-1" },
      { ownerId: orderId, namespace: "svc", key: "attempts", type: "number_integer", value: "two" },
    ];
    // WHEN they are set together
    const data = await queryData(store, SET, { metafields });
    // THEN the bad one is reported by index and neither is saved
    expect(data.metafieldsSet).toEqual({
      metafields: null,
      userErrors: [
        { field: ["metafields", "1", "value"], message: "Value must be an integer.", code: "INVALID_VALUE" },
      ],
    });
    expect(store.inspect(DOMAIN).metafields.filter((m) => m.ownerId === orderId)).toEqual([]);
  });

  it("reports an unknown owner and a missing type", async () => {
    const { store } = withOrder();
    const data = await queryData(store, SET, {
      metafields: [{ ownerId: "gid://shopify/Order/1", namespace: "svc", key: "order_id", value: "x" }],
    });
    expect(data.metafieldsSet.userErrors).toEqual([
      { field: ["metafields", "0", "ownerId"], message: "Owner does not exist.", code: "INVALID_VALUE" },
      { field: ["metafields", "0", "type"], message: "Type can't be blank.", code: "BLANK" },
    ]);
  });
});

describe("metafield reads after writes", () => {
  const VARIANT = /* GraphQL */ `
    query Variant($id: ID!) {
      productVariant(id: $id) {
        metafield(namespace: "pruebas", key: "largo") {
          id
          value
        }
        metafields(first: 10, namespace: "pruebas") {
          nodes {
            key
            value
          }
        }
      }
    }
  `;
  const PRODUCT = /* GraphQL */ `
    query Product($id: ID!) {
      product(id: $id) {
        metafield(namespace: "pruebas", key: "largo") {
          value
        }
      }
    }
  `;
  const largo = (ownerId: string, value: string) => ({
    ownerId,
    namespace: "pruebas",
    key: "largo",
    type: "number_decimal",
    value,
  });

  it("answers each owner's latest value through updates and deletions", async () => {
    // GIVEN a product with two variants, each given its own value for the same namespace and key
    const { store } = demoStore();
    const product = store.products.list(DOMAIN).find((p) => p.variants.length >= 2)!;
    const [a, b] = product.variants.map((v) => v.admin_graphql_api_id) as [string, string];
    const created = await queryData(store, SET, {
      metafields: [largo(a, "10.0"), largo(b, "20.0"), { ...largo(a, "5.0"), key: "ancho" }],
    });
    expect(created.metafieldsSet.userErrors).toEqual([]);
    const idOfA = created.metafieldsSet.metafields[0].id;
    // WHEN the app changes A's value, and the merchant sets the product's own
    await queryData(store, SET, { metafields: [largo(a, "11.5")] });
    store.products.update(DOMAIN, product.id, { metafields: [largo(product.admin_graphql_api_id, "30.0")] });
    // THEN every owner reads its own latest value, and A's metafield kept its id
    expect((await queryData(store, VARIANT, { id: a })).productVariant).toEqual({
      metafield: { id: idOfA, value: "11.5" },
      metafields: {
        nodes: [
          { key: "largo", value: "11.5" },
          { key: "ancho", value: "5.0" },
        ],
      },
    });
    expect((await queryData(store, VARIANT, { id: b })).productVariant.metafield.value).toBe("20.0");
    expect((await queryData(store, PRODUCT, { id: product.admin_graphql_api_id })).product.metafield).toEqual({
      value: "30.0",
    });

    // WHEN variant A is removed from the product
    store.products.update(DOMAIN, product.id, { removeVariantIds: [a] });
    // THEN its metafields are gone, B's remain, and A can no longer be written to
    expect(store.inspect(DOMAIN).metafields.filter((m) => m.ownerId === a)).toEqual([]);
    expect((await queryData(store, VARIANT, { id: b })).productVariant.metafield.value).toBe("20.0");
    const again = await queryData(store, SET, { metafields: [largo(a, "12.0")] });
    expect(again.metafieldsSet.userErrors).toEqual([
      { field: ["metafields", "0", "ownerId"], message: "Owner does not exist.", code: "INVALID_VALUE" },
    ]);

    // WHEN the product is deleted
    store.products.delete(DOMAIN, product.id);
    // THEN neither it nor its remaining variant keeps a metafield
    const owners = new Set(store.inspect(DOMAIN).metafields.map((m) => m.ownerId));
    expect([product.admin_graphql_api_id, a, b].filter((id) => owners.has(id))).toEqual([]);
  });

  it("keeps a metafield that is set again after its owner's metafields were read", async () => {
    // GIVEN a variant with no metafield in the namespace yet, read once
    const { store } = demoStore();
    const variantId = store.products.list(DOMAIN)[0]!.variants[0]!.admin_graphql_api_id;
    expect((await queryData(store, VARIANT, { id: variantId })).productVariant).toEqual({
      metafield: null,
      metafields: { nodes: [] },
    });
    // WHEN the merchant sets one through the store's own API, then the app updates it
    store.products.updateVariant(DOMAIN, variantId, {
      metafields: [{ namespace: "pruebas", key: "largo", type: "number_decimal", value: "1.0" }],
    });
    await queryData(store, SET, { metafields: [largo(variantId, "2.0")] });
    // THEN a single metafield holds the app's value
    expect((await queryData(store, VARIANT, { id: variantId })).productVariant.metafields.nodes).toEqual([
      { key: "largo", value: "2.0" },
    ]);
    expect(
      store.inspect(DOMAIN).metafields.filter((m) => m.ownerId === variantId && m.namespace === "pruebas"),
    ).toHaveLength(1);
  });
});
