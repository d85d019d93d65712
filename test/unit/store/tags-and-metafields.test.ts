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
