import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServiceSandbox } from "../../../sandbox/service/server";
import { call, clientOf, product, startSandbox, type SandboxClient } from "./sandbox-fixture";

describe("sandbox robustness against bad input", () => {
  let sandbox: ServiceSandbox;
  let api: SandboxClient;
  beforeEach(async () => {
    sandbox = await startSandbox();
    api = await clientOf(sandbox.url);
  });
  afterEach(() => sandbox.close());

  const post = (path: string, rawBody: string, contentType = "application/json") =>
    call(`${sandbox.url}${path}`, {
      method: "POST",
      token: api.token,
      rawBody,
      headers: { "content-type": contentType },
    });

  it("answers 400 validation-error for bodies that are not JSON, empty, or the wrong JSON type", async () => {
    const bodies = ["{not json", "", "null", "[]", '"text"', "42", '{"productos": "many"}', '{"productos": [null]}'];
    for (const path of ["/api/rest/product/new", "/api/rest/services", "/api/rest/orders"]) {
      for (const body of bodies) {
        const res = await post(path, body);
        expect(res.status, `${path} ${body}`).toBe(400);
        expect(res.json).toEqual({
          error: expect.any(String),
          code: "validation-error",
          path: expect.stringMatching(/^\$/),
        });
      }
    }
  });

  it("answers 400 when the content type is not JSON", async () => {
    const res = await post("/api/rest/product/new", JSON.stringify({ productos: [product("A")] }), "text/plain");
    expect(res.json).toEqual({ error: expect.any(String), code: "validation-error", path: "$.headers.content-type" });
  });

  it("answers 405 with the error body for a known path and the wrong method", async () => {
    const res = await api.get("/api/rest/orders");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.json).toEqual({ error: expect.any(String), code: "method-not-allowed", path: "$" });
  });

  it("answers 400 for a malformed percent-encoding in the path", async () => {
    const res = await api.get("/api/rest/product/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation-error");
  });

  it("keeps serving after a burst of hostile requests", async () => {
    const hostile = [
      post("/api/rest/orders", '{"productos":[{"identificador":{"$gt":""},"cantidad":1e309}]}'),
      post("/api/rest/services", `{"productos":${"[".repeat(5000)}${"]".repeat(5000)}}`),
      post("/api/rest/product/new", '{"productos":[{"sku":"A","nombre":"B","dimension":{"data":"x"}}]}'),
    ];
    const results = await Promise.all(hostile);
    expect(results.map((res) => res.status)).toEqual([400, 400, 400]);
    expect((await api.post("/api/rest/inventory/stock")).status).toBe(200);
  });

  it("gzips large JSON bodies for clients that accept it, and fetch reads them transparently", async () => {
    const productos = Array.from({ length: 30 }, (_, i) => product(`SKU-${i}`));
    await api.post("/api/rest/product/new", { productos });
    const res = await fetch(`${sandbox.url}/api/rest/inventory/stock`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.token}`, "accept-encoding": "gzip" },
    });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(((await res.json()) as { inventario: unknown[] }).inventario).toHaveLength(30);
  });
});
