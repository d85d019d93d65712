// Issue 34: the same signed body again is answered from its remembered answer (RateQuoter.repeat)
// — over real HTTP through the production fast path, against the sandbox service and PostgreSQL.
// It must answer exactly what the full path answers, record every quote, follow a settings change
// at once, and never let a remembered signature stand for another body.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { handleRateCallback } from "~/rates/callback.server";
import { RATE_CALLBACK_PATH, rateCallbackFastPath } from "../../../server/rate-callback-http";
import { signedCarrierRequest } from "../../helpers/shopify-requests";
import { configureTestServices, testServices } from "../../helpers/app-services";
import {
  callback,
  flushQuoteLog,
  freshShop,
  QUOTE_PATH,
  rateBody,
  setRules,
  startSandbox,
  upstreamLog,
  type Sandbox,
} from "./support/harness";

const upstream = upstreamLog();
let sandbox: Sandbox;
let server: http.Server;
let base: string;
const clock = { ms: Date.parse("2026-11-25T18:00:00Z") };

beforeAll(async () => {
  sandbox = await startSandbox();
  const fastPath = rateCallbackFastPath({
    handle: (request, mode) => handleRateCallback(testServices(), request, mode),
    naive: false,
  });
  server = http.createServer((req, res) => {
    if (!fastPath(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
});
beforeEach(async () => {
  await freshShop(sandbox, upstream);
  clock.ms = Date.parse("2026-11-25T18:00:00Z");
  configureTestServices({ now: () => new Date(clock.ms) });
});

async function post(request: Request) {
  const response = await fetch(`${base}${RATE_CALLBACK_PATH}`, {
    method: "POST",
    headers: request.headers,
    body: await request.arrayBuffer(),
  });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("a repeated rate request", () => {
  it("is answered byte for byte as the full path answers it, and every quote is recorded", async () => {
    const body = rateBody();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post(signedCarrierRequest({ body })));
    // The Remix route (full path, the same services) answers the same body identically.
    const viaRemix = await callback({ body });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(JSON.parse(answers[0]!.text)).toEqual(viaRemix.body);
    expect(answers[0]!.type).toBe("application/json");
    expect(upstream.count(QUOTE_PATH)).toBe(1);
    await flushQuoteLog();
    const rows = await prisma.quoteLog.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.cacheHit, r.outcome])).toEqual([[false, "rates"], ...Array(4).fill([true, "rates"])]);
  });

  it("follows a settings change and a new second at once", async () => {
    const body = rateBody();
    const price = (text: string) =>
      (JSON.parse(text) as { rates: { service_code: string; total_price: string; max_delivery_date: string }[] })
        .rates[0]!;
    await post(signedCarrierRequest({ body }));
    const before = price((await post(signedCarrierRequest({ body }))).text);
    await setRules({ markupFixedCentavos: 1_000 });
    const after = price((await post(signedCarrierRequest({ body }))).text);
    expect(BigInt(after.total_price) - BigInt(before.total_price)).toBe(1_000n);
    clock.ms += 1_000;
    const later = price((await post(signedCarrierRequest({ body }))).text);
    expect(later.max_delivery_date).not.toBe(after.max_delivery_date);
    expect(later.total_price).toBe(after.total_price);
  });

  it("is refused when a remembered signature comes with other bytes, or a body arrives unsigned", async () => {
    const body = rateBody();
    const signed = signedCarrierRequest({ body });
    const signature = signed.headers.get("x-shopify-hmac-sha256")!;
    await post(signed);
    await post(signedCarrierRequest({ body }));
    const forged = await post(signedCarrierRequest({ body, rawBody: `${JSON.stringify(body)} `, hmac: signature }));
    expect(forged).toMatchObject({ status: 401, text: '{"error":"invalid signature"}' });
    const unsigned = await post(signedCarrierRequest({ body, hmac: null }));
    expect(unsigned.status).toBe(401);
    const otherShop = await post(signedCarrierRequest({ body, shop: "otra-tienda.myshopify.com" }));
    expect(JSON.parse(otherShop.text)).toEqual({ rates: [] });
  });
});
