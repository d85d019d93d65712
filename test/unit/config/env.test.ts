import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, PRODUCTION_NEEDS_DATABASE } from "~/env.server";

const valid = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "secret",
  SHOPIFY_APP_URL: "https://app.example.com",
  SCOPES: "read_products,write_shipping",
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  SVC_BASE_URL: "https://api.svc.example",
  SVC_QA_BASE_URL: "https://qa.svc.example",
};

function problemsOf(source: Record<string, string | undefined>, opts: { server?: boolean } = {}): string[] {
  try {
    parseEnv(source, opts);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error("expected an EnvError");
}

describe("parseEnv", () => {
  it("accepts a complete configuration and applies the defaults", () => {
    const env = parseEnv(valid);
    expect(env.PORT).toBe(3000);
    expect(env.SVC_NAME).toBe("svc");
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.EMBEDDED_DATABASE_DIR).toBe(".data/postgres");
  });

  it("names every missing variable in one error, not just the first", () => {
    const { SHOPIFY_API_SECRET: _s, SHOPIFY_API_KEY: _k, SVC_BASE_URL: _b, ...rest } = valid;
    const problems = problemsOf(rest);
    expect(problems).toEqual(
      expect.arrayContaining([
        "SHOPIFY_API_SECRET is required",
        "SHOPIFY_API_KEY is required",
        "SVC_BASE_URL is required",
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it("refuses SHOP_CUSTOM_DOMAIN, which the Shopify library no longer reads, instead of ignoring it", () => {
    const problems = problemsOf({ ...valid, SHOP_CUSTOM_DOMAIN: "tienda.example.mx" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SHOP_CUSTOM_DOMAIN is no longer supported: .*remove it$/);
    expect(parseEnv({ ...valid, SHOP_CUSTOM_DOMAIN: "" })).not.toHaveProperty("SHOP_CUSTOM_DOMAIN");
  });

  it("treats an empty value as missing", () => {
    expect(problemsOf({ ...valid, SHOPIFY_API_SECRET: "" })).toEqual(["SHOPIFY_API_SECRET is required"]);
  });

  it("explains what is wrong with a bad value", () => {
    const problems = problemsOf({
      ...valid,
      PORT: "eighty",
      SHOPIFY_APP_URL: "not a url",
      ENCRYPTION_KEY: "short",
      LOG_LEVEL: "loud",
      DATABASE_URL: "mysql://x",
      SVC_NAME: "two words",
    });
    expect(problems.find((p) => p.startsWith("PORT"))).toMatch(/number/);
    expect(problems.find((p) => p.startsWith("SHOPIFY_APP_URL"))).toMatch(/URL/);
    expect(problems.find((p) => p.startsWith("ENCRYPTION_KEY"))).toMatch(/32 random bytes/);
    expect(problems.find((p) => p.startsWith("LOG_LEVEL"))).toMatch(/one of/);
    expect(problems.find((p) => p.startsWith("DATABASE_URL"))).toMatch(/postgresql/);
    expect(problems.find((p) => p.startsWith("SVC_NAME"))).toMatch(/single word/);
    expect(problems).toHaveLength(6);
  });

  it("accepts a PostgreSQL DATABASE_URL and a custom service name", () => {
    const env = parseEnv({ ...valid, DATABASE_URL: "postgresql://u:p@db:5432/app", SVC_NAME: "acme", PORT: "8080" });
    expect(env.DATABASE_URL).toBe("postgresql://u:p@db:5432/app");
    expect(env.SVC_NAME).toBe("acme");
    expect(env.PORT).toBe(8080);
  });
});

describe("RATES_NAIVE_BASELINE (the benchmark's uncached rate callback)", () => {
  it("is off unless set to exactly 1, and names a bad value", () => {
    expect(parseEnv(valid).RATES_NAIVE_BASELINE).toBe(false);
    expect(parseEnv({ ...valid, RATES_NAIVE_BASELINE: "0" }).RATES_NAIVE_BASELINE).toBe(false);
    expect(parseEnv({ ...valid, RATES_NAIVE_BASELINE: "1" }).RATES_NAIVE_BASELINE).toBe(true);
    expect(problemsOf({ ...valid, RATES_NAIVE_BASELINE: "yes" })).toEqual([
      'RATES_NAIVE_BASELINE must be "1" (on) or "0" (off)',
    ]);
  });

  it("refuses a production server without DATABASE_URL, listing it with the other problems", () => {
    expect(problemsOf({ ...valid, NODE_ENV: "production" }, { server: true })).toEqual([PRODUCTION_NEEDS_DATABASE]);
    expect(problemsOf({ ...valid, NODE_ENV: "production", SVC_BASE_URL: undefined }, { server: true })).toEqual([
      "SVC_BASE_URL is required",
      PRODUCTION_NEEDS_DATABASE,
    ]);
    // The embedded PostgreSQL stays the default for a fresh clone, development and tests.
    expect(parseEnv(valid, { server: true }).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ ...valid, NODE_ENV: "development" }, { server: true }).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ ...valid, NODE_ENV: "test" }, { server: true }).DATABASE_URL).toBeUndefined();
    expect(parseEnv(valid).NODE_ENV).toBe("production");
    const url = "postgresql://app:pw@db.internal:5432/app";
    expect(parseEnv({ ...valid, NODE_ENV: "production", DATABASE_URL: url }, { server: true }).DATABASE_URL).toBe(url);
  });

  it("migrates on start unless MIGRATE_ON_START is 0", () => {
    expect(parseEnv(valid).MIGRATE_ON_START).toBe(true);
    expect(parseEnv({ ...valid, MIGRATE_ON_START: "0" }).MIGRATE_ON_START).toBe(false);
    expect(problemsOf({ ...valid, MIGRATE_ON_START: "yes" })).toEqual([
      'MIGRATE_ON_START must be "1" (on) or "0" (off)',
    ]);
  });
});

describe("REDIS_URL (the shared rate cache)", () => {
  it("is off when unset or empty, accepts redis:// and rediss://, and names anything else", () => {
    expect(parseEnv(valid).REDIS_URL).toBeUndefined();
    expect(parseEnv({ ...valid, REDIS_URL: "" }).REDIS_URL).toBeUndefined();
    expect(parseEnv({ ...valid, REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(parseEnv({ ...valid, REDIS_URL: "rediss://:pw@cache.internal:6380/1" }).REDIS_URL).toBe(
      "rediss://:pw@cache.internal:6380/1",
    );
    for (const bad of ["http://127.0.0.1:6379", "127.0.0.1:6379"])
      expect(problemsOf({ ...valid, REDIS_URL: bad })).toEqual([
        "REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379",
      ]);
  });
});
