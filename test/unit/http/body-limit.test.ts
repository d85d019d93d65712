import { describe, expect, it } from "vitest";
import { readBodyCapped, withCappedBody } from "../../../app/http/body-limit.server";

function chunkedRequest(chunks: number, size: number, pulled: { count: number }) {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count >= chunks) return controller.close();
      pulled.count += 1;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
  return new Request("https://app.test/webhooks/orders/paid", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readBodyCapped", () => {
  it("refuses a declared Content-Length over the cap without reading a byte", async () => {
    const pulled = { count: 0 };
    const request = chunkedRequest(100, 1024, pulled);
    const declared = new Request(request, { headers: { "content-length": "5000000" } });
    expect(await readBodyCapped(declared, 4096)).toEqual({ ok: false, status: 413, message: "body too large: the limit is 4096 bytes" });
    expect(pulled.count).toBeLessThanOrEqual(3); // only what the stream prefetches, not 100 KB
  });

  it("stops reading a chunked body as soon as it passes the cap", async () => {
    const pulled = { count: 0 };
    const result = await readBodyCapped(chunkedRequest(5000, 1024, pulled), 8 * 1024);
    expect(result.ok).toBe(false);
    expect(pulled.count).toBeLessThan(12);
  });

  it("returns a body at or under the cap whole, and a request that can be read again", async () => {
    const pulled = { count: 0 };
    const result = await readBodyCapped(chunkedRequest(4, 1024, pulled), 4096);
    expect(result.ok && result.body.byteLength).toBe(4096);
    const again = await withCappedBody(new Request("https://app.test/x", { method: "POST", body: '{"a":1}' }), 4096);
    expect(await again.json()).toEqual({ a: 1 });
  });

  it("throws a 413 Response naming the limit", async () => {
    const thrown = await withCappedBody(new Request("https://app.test/x", { method: "POST", body: "x".repeat(2000) }), 1024).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(413);
    expect(await (thrown as Response).json()).toEqual({ error: "body too large: the limit is 1024 bytes" });
  });
});
