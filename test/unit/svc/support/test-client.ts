import { SvcTokenCache, createSvcClient, type SvcClient, type SvcClientOptions, type SvcLogger } from "~/svc";
import type { FakeService } from "./fake-service";

export const TEST_API_KEY = "sk_test_4f9a1c7e2b";

/** A logger that keeps every entry, to check what is (and is never) logged. */
export function recordingLogger(): SvcLogger & {
  entries: { level: string; obj: Record<string, unknown>; msg?: string }[];
} {
  const entries: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg?: string) => void entries.push({ level, obj, msg });
  return { entries, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/**
 * A client against `fake` with its own token cache and an instant sleep that records every
 * backoff it was asked to wait, so retry tests run fast and can check the delays.
 */
export function testClient(
  fake: FakeService,
  overrides: Partial<SvcClientOptions> = {},
): { client: SvcClient; sleeps: number[]; tokenCache: SvcTokenCache } {
  const sleeps: number[] = [];
  const tokenCache = overrides.tokenCache ?? new SvcTokenCache();
  const client = createSvcClient({
    baseUrl: fake.url,
    apiKey: TEST_API_KEY,
    tokenCache,
    timeoutMs: 2_000,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    ...overrides,
  });
  return { client, sleeps, tokenCache };
}
