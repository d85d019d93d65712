import { describe, expect, it } from "vitest";
import { quoteCacheKey } from "~/rates/cache-key";
import { SingleFlight } from "~/rates/single-flight";
import { TtlLruCache } from "~/rates/ttl-cache";
import { approximateEntryBytes } from "~/rates/ttl-cache";

describe("TtlLruCache", () => {
  it("forgets an entry once its TTL has passed", () => {
    let now = 0;
    const cache = new TtlLruCache<string>(10, () => now);
    cache.set("a", "1", 1_000);
    now = 999;
    expect(cache.get("a")).toBe("1");
    now = 1_000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("evicts the least recently used entry when full", () => {
    const cache = new TtlLruCache<number>(2);
    cache.set("a", 1, 60_000);
    cache.set("b", 2, 60_000);
    cache.get("a");
    cache.set("c", 3, 60_000);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it("stores nothing for a TTL of zero", () => {
    const cache = new TtlLruCache<number>(2);
    cache.set("a", 1, 0);
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops every key of one prefix", () => {
    const cache = new TtlLruCache<number>(5);
    cache.set("shop-a|1", 1, 60_000);
    cache.set("shop-a|2", 2, 60_000);
    cache.set("shop-b|1", 3, 60_000);
    cache.deletePrefix("shop-a|");
    expect([cache.get("shop-a|1"), cache.get("shop-a|2"), cache.get("shop-b|1")]).toEqual([undefined, undefined, 3]);
  });

  it("evicts the least recently used entries to stay within its byte bound", () => {
    const cache = new TtlLruCache<string>(1_000, Date.now, { maxBytes: 1_000, sizeOf: (_k, v) => v.length });
    cache.set("a", "x".repeat(400), 60_000);
    cache.set("b", "x".repeat(400), 60_000);
    cache.get("a");
    cache.set("c", "x".repeat(400), 60_000);
    expect([cache.get("a")?.length, cache.get("b"), cache.get("c")?.length]).toEqual([400, undefined, 400]);
    expect(cache.bytes).toBe(800);
    // Replacing, deleting and expiring give their bytes back.
    cache.set("a", "x".repeat(100), 60_000);
    expect(cache.bytes).toBe(500);
    cache.delete("c");
    expect(cache.bytes).toBe(100);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("keeps nothing larger than its whole byte bound, and counts an expired entry out once read", () => {
    let now = 0;
    const cache = new TtlLruCache<string>(10, () => now, { maxBytes: 100, sizeOf: (_k, v) => v.length });
    cache.set("small", "x".repeat(10), 1_000);
    cache.set("huge", "x".repeat(101), 1_000);
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toBe("x".repeat(10));
    now = 1_000;
    expect(cache.get("small")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("bounds a rate cache of large answers by bytes before entries", () => {
    const services = Array.from({ length: 40 }, (_, i) => ({
      service: "NACIONAL",
      days: i,
      totalPricing: "99.00",
      description: "d".repeat(200),
    }));
    const outcome = { kind: "quoted", services };
    const perEntry = approximateEntryBytes("tienda.myshopify.com|" + "k".repeat(43), outcome);
    expect(perEntry).toBeGreaterThan(2 * JSON.stringify(outcome).length);
    const cache = new TtlLruCache<typeof outcome>(10_000, Date.now, {
      maxBytes: 1_000_000,
      sizeOf: approximateEntryBytes,
    });
    for (let i = 0; i < 2_000; i++) cache.set(`tienda.myshopify.com|${String(i).padStart(43, "k")}`, outcome, 60_000);
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000);
    expect(cache.size).toBe(Math.floor(1_000_000 / perEntry));
  });

  it("refuses a byte bound that is not a positive whole number", () => {
    expect(() => new TtlLruCache<string>(10, Date.now, { maxBytes: 0 })).toThrow(/maxBytes must be a positive integer/);
  });

  it("stays bounded under many distinct keys", () => {
    const cache = new TtlLruCache<number>(100);
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, i, 60_000);
    expect(cache.size).toBe(100);
  });
});

describe("SingleFlight", () => {
  it("runs the work once for concurrent callers of one key and again after it settles", async () => {
    const flights = new SingleFlight<number>();
    let runs = 0;
    let release!: (n: number) => void;
    const work = () => {
      runs += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const calls = Array.from({ length: 50 }, () => flights.run("k", work));
    expect(calls.filter((c) => c.shared)).toHaveLength(49);
    release(7);
    expect(await Promise.all(calls.map((c) => c.promise))).toEqual(Array(50).fill(7));
    expect(runs).toBe(1);
    expect(flights.size).toBe(0);
    const again = flights.run("k", async () => 8);
    expect(again.shared).toBe(false);
    expect(await again.promise).toBe(8);
  });

  it("frees the key when the work fails", async () => {
    const flights = new SingleFlight<number>();
    await expect(flights.run("k", () => Promise.reject(new Error("boom"))).promise).rejects.toThrow("boom");
    expect(flights.size).toBe(0);
  });
});

describe("quoteCacheKey", () => {
  const destination = {
    country: "MX",
    postal_code: "06500",
    province: "DF",
    city: "Ciudad de México",
    name: "Ana López",
    address1: "Río Lerma 232",
    address2: "Int. 4, Col. Cuauhtémoc",
    address3: null,
    phone: "+52 55 1234 5678",
    email: null,
    company_name: null,
  };
  const base = {
    shop: "tienda.myshopify.com",
    settingsVersion: 3,
    connection: "c1",
    lines: [{ identifier: "TAZA-AZ", quantity: 2 }],
    destination,
  };

  it("is the same for the same cart and address, whoever the recipient is", () => {
    expect(quoteCacheKey(base)).toBe(
      quoteCacheKey({ ...base, destination: { ...destination, name: "Otra", phone: "5599999999", email: "x@y.mx" } }),
    );
  });

  it("ignores case and spacing in the address", () => {
    expect(quoteCacheKey(base)).toBe(
      quoteCacheKey({ ...base, destination: { ...destination, address1: "  RÍO   lerma 232 " } }),
    );
  });

  it("changes with the rules version, the connection, the items, the quantities and the address", () => {
    const key = quoteCacheKey(base);
    expect(quoteCacheKey({ ...base, settingsVersion: 4 })).not.toBe(key);
    expect(quoteCacheKey({ ...base, connection: "c2" })).not.toBe(key);
    expect(quoteCacheKey({ ...base, lines: [{ identifier: "TAZA-AZ", quantity: 3 }] })).not.toBe(key);
    expect(quoteCacheKey({ ...base, lines: [{ identifier: "TAZA-RO", quantity: 2 }] })).not.toBe(key);
    expect(quoteCacheKey({ ...base, destination: { ...destination, postal_code: "06600" } })).not.toBe(key);
    expect(quoteCacheKey({ ...base, destination: { ...destination, address1: "Río Lerma 233" } })).not.toBe(key);
    expect(quoteCacheKey({ ...base, destination: { ...destination, address2: "Int. 5, Col. Cuauhtémoc" } })).not.toBe(
      key,
    );
  });

  it("starts with the shop so a shop's entries can be dropped together", () => {
    expect(quoteCacheKey(base).startsWith("tienda.myshopify.com|")).toBe(true);
  });

  it("is the key earlier versions wrote, so shared (Redis) entries stay good across a deploy", () => {
    // The key released before the lines had English names (ADR 032): the lines are hashed by
    // position, never by field name, so renaming a field must not move any key.
    expect(quoteCacheKey(base)).toBe("tienda.myshopify.com|0wG3wae6C-eI1Qv0xWcz2iBkDbZHa-g0cCEwJLn8Qi8");
  });
});
