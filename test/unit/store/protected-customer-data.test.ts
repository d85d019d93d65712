// The simulated store gives an app the buyer's protected fields only as far as its protected
// customer data access goes (shopify.dev "Work with protected customer data"): Level 2 fields
// (name, email, phone, address) come back null otherwise, in GraphQL and in webhook payloads.
import { describe, expect, it } from "vitest";
import { WITHHELD_ADDRESS_FIELDS } from "../../fixtures/withheld-address";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const ORDER = /* GraphQL */ `
  query Order($id: ID!) {
    order(id: $id) {
      email
      phone
      shippingAddress {
        firstName
        lastName
        name
        address1
        address2
        zip
        phone
        city
        provinceCode
        countryCodeV2
        formatted(withName: true)
      }
      fulfillmentOrders(first: 5) {
        nodes {
          destination {
            firstName
            address1
            zip
            phone
            email
            city
          }
        }
      }
    }
  }
`;

function paidOrder(store: ReturnType<typeof demoStore>["store"]) {
  return store.orders.createPaid(DOMAIN, { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
}

describe("protected customer data in the simulated store", () => {
  it("answers every field to an app with full Level 2 access (the default)", async () => {
    const { store } = demoStore();
    const payload = paidOrder(store);
    expect(payload.shipping_address).toMatchObject({ address1: expect.any(String), zip: expect.any(String) });
    const { order } = await queryData(store, ORDER, { id: payload.admin_graphql_api_id });
    expect(order.shippingAddress.address1).toEqual(expect.any(String));
    expect(order.shippingAddress.name).toEqual(expect.any(String));
    expect(order.email).toEqual(expect.any(String));
  });

  it("nulls name, street, postal code, phone and email at Level 1, keeping city, state and country", async () => {
    const { store } = demoStore({ customerData: { level: 1 } });
    const payload = paidOrder(store);
    expect(payload).toMatchObject({ email: null, contact_email: null, phone: null });
    expect(payload.shipping_address).toMatchObject({
      ...WITHHELD_ADDRESS_FIELDS,
      city: expect.any(String),
      country_code: "MX",
    });
    const { order } = await queryData(store, ORDER, { id: payload.admin_graphql_api_id });
    expect(order).toMatchObject({ email: null, phone: null });
    expect(order.shippingAddress).toMatchObject({
      firstName: null,
      lastName: null,
      name: null,
      address1: null,
      address2: null,
      zip: null,
      phone: null,
      city: expect.any(String),
      countryCodeV2: "MX",
    });
    expect(order.shippingAddress.formatted.join(" ")).not.toMatch(/\d{5}/);
    expect(order.fulfillmentOrders.nodes[0].destination).toMatchObject({
      firstName: null,
      address1: null,
      zip: null,
      phone: null,
      email: null,
      city: expect.any(String),
    });
  });

  it("withholds each Level 2 field not approved, and gives the fields once access is granted", async () => {
    const { store } = demoStore();
    store.control.setCustomerDataAccess(DOMAIN, { level: 2, fields: ["address"] });
    const payload = paidOrder(store);
    let { order } = await queryData(store, ORDER, { id: payload.admin_graphql_api_id });
    expect(order.shippingAddress).toMatchObject({ name: null, phone: null, address1: expect.any(String) });
    expect(order.email).toBeNull();

    store.control.setCustomerDataAccess(DOMAIN, { level: 2 });
    ({ order } = await queryData(store, ORDER, { id: payload.admin_graphql_api_id }));
    expect(order.shippingAddress).toMatchObject({ name: expect.any(String), address1: expect.any(String) });
  });

  it("sets access over the control API, and answers 400 naming what is wrong", async () => {
    const { store } = demoStore();
    const put = (body: unknown) =>
      store.fetch(
        new Request(`http://127.0.0.1/__sandbox/shops/${DOMAIN}/customer-data`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const granted = await put({ level: 0 });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ customerData: { level: 0, fields: [] } });
    const payload = paidOrder(store);
    expect(payload.shipping_address?.address1).toBeNull();

    for (const [body, message] of [
      [{ level: 3 }, /level must be 0, 1 or 2/],
      [{ level: 2, fields: ["birthday"] }, /fields must be a list of name, email, phone, address/],
      [{ level: 1, fields: ["name"] }, /level 2 only/],
    ] as const) {
      const answer = await put(body);
      expect(answer.status).toBe(400);
      expect((await answer.json()).error).toMatch(message);
    }
  });
});
