// The production server answers the rate callback with a plain node:http handler before Express
// and Remix (server/rate-callback-http.ts). Over real HTTP it must answer exactly what the Remix
// route answers, for good and bad requests alike; the naive baseline exists only when asked for.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { handleRateCallback } from "~/rates/callback.server";
import { NAIVE_RATE_CALLBACK_PATH, RATE_CALLBACK_PATH, rateCallbackFastPath } from "../../../server/rate-callback-http";
import { signedCarrierRequest } from "../../helpers/shopify-requests";
import { callback, freshShop, QUOTE_PATH, rateBody, startSandbox, upstreamLog, type Sandbox } from "./support/harness";
import { configureTestServices, testServices } from "../../helpers/app-services";

const upstream = upstreamLog();
let sandbox: Sandbox;
const servers: http.Server[] = [];

async function serve(naive: boolean): Promise<string> {
  const fastPath = rateCallbackFastPath({ handle: (request, mode) => handleRateCallback(testServices(), request, mode), naive });
  const server = http.createServer((req, res) => {
    if (fastPath(req, res)) return;
    res.writeHead(404, { "content-type": "text/plain" }).end("not the fast path");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Sends the same signed request over HTTP to `base` + `path`. */
async function overHttp(base: string, request: Request, path = RATE_CALLBACK_PATH) {
  const response = await fetch(`${base}${path}`, { method: request.method, headers: request.headers, body: await request.arrayBuffer() });
  return { status: response.status, type: response.headers.get("content-type"), requestId: response.headers.get("x-request-id"), body: (await response.json()) as unknown };
}

let fast: string;
let withNaive: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  fast = await serve(false);
  withNaive = await serve(true);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await sandbox.close();
});
beforeEach(async () => {
  await freshShop(sandbox, upstream);
  configureTestServices({ now: () => new Date("2026-11-25T18:00:00Z") });
});

const CASES: [string, Parameters<typeof signedCarrierRequest>[0], number][] = [
  ["a quotable cart", { body: rateBody() }, 200],
  ["a cart to a postal code outside Mexico", { body: rateBody({ destination: { country: "US", postal_code: "10001", province: "NY", city: "New York", address1: "1 Main St" } }) }, 200],
  ["a bad signature", { body: rateBody(), hmac: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" }, 401],
  ["no signature", { body: rateBody(), hmac: null }, 401],
  ["a signed body that is not JSON", { body: null, rawBody: "{not json" }, 400],
  ["a signed body without items", { body: { rate: { destination: rateBody().rate.destination } } }, 400],
  ["a shop that is not a myshopify.com domain", { body: rateBody(), shop: "evil.example.com" }, 400],
];

describe("the rate callback's node:http fast path", () => {
  it.each(CASES)("answers %s exactly as the Remix route does", async (_name, args, status) => {
    const viaRemix = await callback(args);
    const viaFastPath = await overHttp(fast, signedCarrierRequest(args));
    expect(viaRemix.status).toBe(status);
    expect(viaFastPath.status).toBe(status);
    expect(viaFastPath.body).toEqual(viaRemix.body);
    expect(viaFastPath.type).toBe("application/json");
    expect(viaFastPath.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 413 to a body over 1 MiB and closes the connection", async () => {
    const raw = JSON.stringify({ rate: { padding: "x".repeat(1024 * 1024) } });
    const response = await fetch(`${fast}${RATE_CALLBACK_PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body: raw });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ error: "body too large: the limit is 1048576 bytes" });
  });

  it("leaves every other request (and a GET of the callback) to the framework", async () => {
    expect((await fetch(`${fast}${RATE_CALLBACK_PATH}`)).status).toBe(404);
    expect((await fetch(`${fast}/app`, { method: "POST" })).status).toBe(404);
  });

  it("serves the naive baseline only when asked, signed like the real one, with one upstream call per request", async () => {
    const request = () => signedCarrierRequest({ body: rateBody() });
    // GIVEN the flag is off THEN the naive path is not served at all
    expect((await overHttp(fast, request(), NAIVE_RATE_CALLBACK_PATH).catch(() => ({ status: 404 }))).status).toBe(404);

    // WHEN the same cart is asked three times from each
    const cached = [];
    for (let i = 0; i < 3; i++) cached.push(await overHttp(withNaive, request()));
    const callsCached = upstream.count(QUOTE_PATH);
    const naive = [];
    for (let i = 0; i < 3; i++) naive.push(await overHttp(withNaive, request(), NAIVE_RATE_CALLBACK_PATH));

    // THEN both answer the same rates; the cached one asked the service once, the naive one each time
    expect(naive.map((r) => r.body)).toEqual(cached.map((r) => r.body));
    expect(callsCached).toBe(1);
    expect(upstream.count(QUOTE_PATH) - callsCached).toBe(3);
    // AND the naive path still refuses a bad signature
    const forged = await overHttp(withNaive, signedCarrierRequest({ body: rateBody(), secret: "not-the-secret" }), NAIVE_RATE_CALLBACK_PATH);
    expect(forged).toMatchObject({ status: 401, body: { error: "invalid signature" } });
  });
});
