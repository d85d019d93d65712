import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clientOf, destination, product, startSandbox } from "./sandbox-fixture";

describe("sandbox state file", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-sandbox-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("restores catalogue, stock, orders and sandbox time after a restart", async () => {
    const stateFile = join(dir, "state.json");
    const opts = { stateFile, jwtSecret: "a-fixed-secret-so-tokens-survive" };
    // GIVEN a sandbox with a product, an order in transit and a stock change
    const first = await startSandbox(opts);
    const api = await clientOf(first.url);
    await api.post("/api/rest/product/new", { productos: [product("TAZA-AZ"), product("PLATO")] });
    const orderId = (
      await api.post("/api/rest/orders", {
        productos: [{ identificador: "TAZA-AZ", cantidad: 4 }],
        consumidor_destino: destination(),
        servicio_svc: "EXPRESS",
      })
    ).json.orden.ordenRef;
    await api.post("/__sandbox/stock", { sku: "PLATO", units: 7 });
    await api.post("/__sandbox/clock", { advanceMs: 2 * 3_600_000 });
    const before = (await api.get(`/api/rest/order/${orderId}`)).json;
    // WHEN it closes and a new one starts on the same file
    await first.close();
    expect(JSON.parse(await readFile(stateFile, "utf8")).version).toBe(1);
    const second = await startSandbox(opts);
    try {
      const again = await clientOf(second.url);
      // THEN the old token, the order as it stood, the stock and the catalogue are all back
      const after = await fetch(`${second.url}/api/rest/order/${orderId}`, {
        headers: { authorization: `Bearer ${api.token}` },
      });
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual(before);
      const stock = (await again.post("/api/rest/inventory/stock")).json.inventario;
      expect(stock.map((l: { sku: string; disponibles: number }) => [l.sku, l.disponibles])).toEqual([
        ["TAZA-AZ", 96],
        ["PLATO", 7],
      ]);
      expect((await again.post("/api/rest/product/new", { productos: [product("TAZA-AZ")] })).json.code).toBe(
        "constraint-violation",
      );
    } finally {
      await second.close();
    }
  });

  it("refuses to start on a file that is not a sandbox state file", async () => {
    const stateFile = join(dir, "state.json");
    await writeFile(stateFile, JSON.stringify({ hello: "world" }));
    await expect(startSandbox({ stateFile })).rejects.toThrow(/state file/);
  });

  it("starts empty when the state file does not exist yet, and creates it on the first change", async () => {
    const stateFile = join(dir, "nested-free.json");
    const sandbox = await startSandbox({ stateFile });
    const api = await clientOf(sandbox.url);
    expect((await api.post("/api/rest/inventory/stock")).json.inventario).toEqual([]);
    await api.post("/api/rest/product/new", { productos: [product("A")] });
    await sandbox.close();
    const saved = JSON.parse(await readFile(stateFile, "utf8"));
    expect(Object.values(saved.clients as Record<string, { products: unknown[] }>)[0]!.products).toHaveLength(1);
  });
});
