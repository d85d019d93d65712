import { randomBytes } from "node:crypto";
import { silentLogger, type SandboxLogger } from "./logger";

export interface ServiceSandboxOptions {
  host?: string;
  port?: number;
  apiKeys?: string[];
  serviceName?: string;
  tokenTtlS?: number;
  initialStock?: number;
  latencyMs?: number;
  failureRate?: number;
  seed?: number;
  stateFile?: string;
  jwtSecret?: string;
  speed?: number;
  /** Gzip JSON bodies of 1 KiB or more when the client accepts it, as the live service does. */
  compress?: boolean;
  logger?: SandboxLogger;
  /** Wall clock in epoch ms; the sandbox clock runs from it (tests may pass a fake). */
  realNow?: () => number;
}

export type SandboxConfig = Required<Omit<ServiceSandboxOptions, "stateFile">> & {
  stateFile: string | undefined;
};

export const DEFAULTS = {
  host: "127.0.0.1",
  port: 4010,
  apiKeys: ["sandbox-key"],
  serviceName: "svc",
  tokenTtlS: 3600,
  initialStock: 100,
  latencyMs: 0,
  failureRate: 0,
  seed: 1,
  speed: 1,
} as const;

const SERVICE_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** Fills defaults and rejects values that would make the sandbox misbehave later. */
export function resolveOptions(opts: ServiceSandboxOptions = {}): SandboxConfig {
  const config: SandboxConfig = {
    host: opts.host ?? DEFAULTS.host,
    port: opts.port ?? DEFAULTS.port,
    apiKeys: opts.apiKeys && opts.apiKeys.length > 0 ? opts.apiKeys : [...DEFAULTS.apiKeys],
    serviceName: opts.serviceName ?? DEFAULTS.serviceName,
    tokenTtlS: opts.tokenTtlS ?? DEFAULTS.tokenTtlS,
    initialStock: opts.initialStock ?? DEFAULTS.initialStock,
    latencyMs: opts.latencyMs ?? DEFAULTS.latencyMs,
    failureRate: opts.failureRate ?? DEFAULTS.failureRate,
    seed: opts.seed ?? DEFAULTS.seed,
    stateFile: opts.stateFile,
    // A random per-process secret means tokens die with the process, like a rotated key would.
    jwtSecret: opts.jwtSecret ?? randomBytes(32).toString("base64url"),
    speed: opts.speed ?? DEFAULTS.speed,
    compress: opts.compress ?? true,
    logger: opts.logger ?? silentLogger,
    realNow: opts.realNow ?? Date.now,
  };
  const problems: string[] = [];
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) problems.push("port must be 0..65535");
  if (config.apiKeys.some((k) => k.trim() === "")) problems.push("apiKeys must not contain empty keys");
  if (!SERVICE_NAME.test(config.serviceName))
    problems.push("serviceName must be letters and digits, starting with a letter");
  if (!(config.tokenTtlS > 0)) problems.push("tokenTtlS must be positive");
  if (!Number.isInteger(config.initialStock) || config.initialStock < 0)
    problems.push("initialStock must be a non-negative integer");
  if (!(config.latencyMs >= 0)) problems.push("latencyMs must be >= 0");
  if (!(config.failureRate >= 0 && config.failureRate <= 1)) problems.push("failureRate must be within 0..1");
  if (!Number.isInteger(config.seed)) problems.push("seed must be an integer");
  if (!(config.speed > 0)) problems.push("speed must be positive");
  if (problems.length > 0) throw new Error(`Invalid service sandbox options: ${problems.join("; ")}`);
  return config;
}
