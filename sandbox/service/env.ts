import { z } from "zod";
import { DEFAULTS, type ServiceSandboxOptions } from "./options";

const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max);

const envSchema = z.object({
  SANDBOX_HOST: z.string().min(1).default(DEFAULTS.host),
  SANDBOX_PORT: int(0, 65535).default(DEFAULTS.port),
  SANDBOX_API_KEYS: z
    .string()
    .default(DEFAULTS.apiKeys.join(","))
    .transform((v) =>
      v
        .split(",")
        .map((k) => k.trim())
        .filter((k) => k !== ""),
    )
    .refine((keys) => keys.length > 0, "needs at least one key"),
  SANDBOX_SERVICE_NAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]*$/, "letters and digits")
    .default(DEFAULTS.serviceName),
  SANDBOX_TOKEN_TTL_S: int(1).default(DEFAULTS.tokenTtlS),
  SANDBOX_INITIAL_STOCK: int(0).default(DEFAULTS.initialStock),
  SANDBOX_LATENCY_MS: int(0).default(DEFAULTS.latencyMs),
  SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(DEFAULTS.failureRate),
  SANDBOX_SEED: z.coerce.number().int().default(DEFAULTS.seed),
  SANDBOX_STATE_FILE: z.string().min(1).optional(),
  SANDBOX_JWT_SECRET: z.string().min(16, "at least 16 characters").optional(),
  SANDBOX_SPEED: z.coerce.number().positive().default(DEFAULTS.speed),
  SANDBOX_COMPRESS: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
});

/** Reads every SANDBOX_* variable at once and reports all that are wrong in one error. */
export function readSandboxEnv(env: Readonly<Record<string, string | undefined>>): ServiceSandboxOptions {
  // An empty variable (FOO= in a .env file) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith("SANDBOX_") && v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid sandbox environment:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    host: e.SANDBOX_HOST,
    port: e.SANDBOX_PORT,
    apiKeys: e.SANDBOX_API_KEYS,
    serviceName: e.SANDBOX_SERVICE_NAME,
    tokenTtlS: e.SANDBOX_TOKEN_TTL_S,
    initialStock: e.SANDBOX_INITIAL_STOCK,
    latencyMs: e.SANDBOX_LATENCY_MS,
    failureRate: e.SANDBOX_FAILURE_RATE,
    seed: e.SANDBOX_SEED,
    stateFile: e.SANDBOX_STATE_FILE,
    jwtSecret: e.SANDBOX_JWT_SECRET,
    speed: e.SANDBOX_SPEED,
    compress: e.SANDBOX_COMPRESS,
  };
}
