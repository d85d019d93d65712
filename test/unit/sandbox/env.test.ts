import { describe, expect, it } from "vitest";
import { readSandboxEnv } from "../../../sandbox/service/env";

describe("sandbox environment", () => {
  it("uses the documented defaults when nothing is set", () => {
    expect(readSandboxEnv({})).toMatchObject({
      host: "127.0.0.1",
      port: 4010,
      apiKeys: ["sandbox-key"],
      serviceName: "svc",
      tokenTtlS: 3600,
      initialStock: 100,
      latencyMs: 0,
      failureRate: 0,
      speed: 1,
      stateFile: undefined,
    });
  });

  it("reads every SANDBOX_* variable, splitting the key list on commas", () => {
    const options = readSandboxEnv({
      SANDBOX_PORT: "0",
      SANDBOX_API_KEYS: "key-a, key-b,,",
      SANDBOX_SERVICE_NAME: "acme",
      SANDBOX_TOKEN_TTL_S: "60",
      SANDBOX_INITIAL_STOCK: "5",
      SANDBOX_LATENCY_MS: "50",
      SANDBOX_FAILURE_RATE: "0.25",
      SANDBOX_SEED: "7",
      SANDBOX_STATE_FILE: ".data/sandbox.json",
      SANDBOX_JWT_SECRET: "0123456789abcdef0123",
      SANDBOX_SPEED: "60",
      SANDBOX_COMPRESS: "0",
    });
    expect(options).toEqual({
      host: "127.0.0.1",
      port: 0,
      apiKeys: ["key-a", "key-b"],
      serviceName: "acme",
      tokenTtlS: 60,
      initialStock: 5,
      latencyMs: 50,
      failureRate: 0.25,
      seed: 7,
      stateFile: ".data/sandbox.json",
      jwtSecret: "0123456789abcdef0123",
      speed: 60,
      compress: false,
    });
  });

  it("reports every invalid variable in one error", () => {
    let message = "";
    try {
      readSandboxEnv({ SANDBOX_PORT: "70000", SANDBOX_FAILURE_RATE: "2", SANDBOX_SERVICE_NAME: "no spaces" });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ["SANDBOX_PORT", "SANDBOX_FAILURE_RATE", "SANDBOX_SERVICE_NAME"])
      expect(message).toContain(name);
  });
});
