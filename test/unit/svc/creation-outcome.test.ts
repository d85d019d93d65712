import { afterEach, describe, expect, it } from "vitest";
import { type SvcClient } from "~/svc";
import {
  SvcConnectionError,
  SvcInvalidResponseError,
  SvcRateLimitedError,
  SvcTimeoutError,
  SvcUnexpectedError,
} from "~/svc/errors";
import { destination, lineItems } from "./support/fixtures";
import { issueToken, sendJson, startFakeService, type FakeHandler, type FakeService } from "./support/fake-service";
import { testClient } from "./support/test-client";

const AUTH = "POST /api/rest/auth";
const ORDERS = "POST /api/rest/orders";
const PRODUCTS = "POST /api/rest/product/new";

const createOrder = (client: SvcClient) => client.createOrder({ lines: lineItems, destination, service: "NACIONAL" });
const createProducts = (client: SvcClient) =>
  client.createProducts({ productos: [{ sku: "TAZA-MX-001", nombre: "Taza" }] });

let fake: FakeService;
afterEach(async () => {
  await fake.close();
});

// Both creation endpoints share these rules: no automatic repeat, and an honest outcome flag.
describe.each([
  { name: "createOrder", route: ORDERS, call: createOrder },
  { name: "createProducts", route: PRODUCTS, call: createProducts },
])("$name failures", ({ route, call }) => {
  async function failWith(handler: FakeHandler, timeoutMs = 2_000) {
    fake = await startFakeService({ [AUTH]: issueToken(), [route]: handler });
    const { client, sleeps } = testClient(fake, { timeoutMs });
    const error = await call(client).catch((e: unknown) => e);
    return { error, sleeps };
  }

  it("marks a 500 as outcome unknown and sends the request only once", async () => {
    const { error, sleeps } = await failWith((_r, res) =>
      sendJson(res, 500, { error: "internal error", code: "unexpected", path: "$" }),
    );
    expect(error).toBeInstanceOf(SvcUnexpectedError);
    expect(error).toMatchObject({ status: 500, outcomeUnknown: true });
    expect(fake.count(route)).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("marks a connection dropped after the request arrived as outcome unknown, sent once", async () => {
    const { error } = await failWith((_r, res) => void res.socket?.destroy());
    expect(error).toBeInstanceOf(SvcConnectionError);
    expect(error).toMatchObject({ outcomeUnknown: true });
    expect((error as Error).message).toMatch(/may have reached the service/);
    expect(fake.count(route)).toBe(1);
  });

  it("marks a timeout as outcome unknown, sent once", async () => {
    const { error } = await failWith(() => undefined /* never answers */, 150);
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(error).toMatchObject({ outcomeUnknown: true });
    expect(fake.count(route)).toBe(1);
  });

  it("marks a 200 with a body that is not JSON as outcome unknown", async () => {
    const { error } = await failWith((_r, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{not json");
    });
    expect(error).toBeInstanceOf(SvcInvalidResponseError);
    expect(error).toMatchObject({ outcomeUnknown: true, status: 200 });
  });

  it("treats a 429 as a refusal: outcome known, not repeated", async () => {
    const { error, sleeps } = await failWith((_r, res) =>
      sendJson(res, 429, { error: "too many", code: "rate-limited" }, { "retry-after": "1" }),
    );
    expect(error).toBeInstanceOf(SvcRateLimitedError);
    expect(error).toMatchObject({ outcomeUnknown: false, retryAfterMs: 1_000 });
    expect(fake.count(route)).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("repeats once with a fresh token after a 401, since a 401 means nothing was done", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [ORDERS]: (_r, res, n) =>
        n === 1
          ? sendJson(res, 401, { error: "jwt expired", code: "invalid-jwt" })
          : sendJson(res, 200, { orden: { ordenRef: "2f1c0b8e-9a57-4a3c-8d0e-5b1f6e7c9a10" } }),
      [PRODUCTS]: (_r, res, n) =>
        n === 1
          ? sendJson(res, 401, { error: "jwt expired", code: "invalid-jwt" })
          : sendJson(res, 200, {
              insert_producto: { returning: [{ id: "8d7c2c34-7c55-4a55-9d4e-3f7a3a0c1b11" }], affected_rows: 1 },
            }),
    });
    const { client } = testClient(fake);
    await expect(call(client)).resolves.toBeDefined();
    expect(fake.count(route)).toBe(2);
    expect(fake.count(AUTH)).toBe(2);
  });
});

describe("creation before anything is sent", () => {
  it("reports a refused connection as safe to retry: outcome known, nothing sent, no automatic retry", async () => {
    // GIVEN a client holding a token for a service that then stops listening
    fake = await startFakeService({ [AUTH]: issueToken() });
    const { client, sleeps } = testClient(fake);
    await client.auth();
    await fake.close();
    // WHEN creating an order
    const error = await createOrder(client).catch((e: unknown) => e);
    // THEN it is a connection error whose outcome is known, and the client did not retry
    expect(error).toBeInstanceOf(SvcConnectionError);
    expect(error).toMatchObject({ endpoint: "createOrder", outcomeUnknown: false });
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(sleeps).toEqual([]);
  });

  it("rejects invalid parameters before sending anything, naming the field", async () => {
    fake = await startFakeService();
    const { client } = testClient(fake);
    const error = await client
      .createOrder({
        lines: [{ identifier: "TAZA-MX-001", quantity: 0 }],
        destination,
        service: "NACIONAL",
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "SvcInvalidRequestError",
      endpoint: "createOrder",
      field: "productos[0].cantidad",
      outcomeUnknown: false,
    });
    expect(fake.requests).toHaveLength(0);
  });
});
