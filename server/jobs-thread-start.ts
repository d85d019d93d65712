// The job thread's entry (built to build/jobs-thread.js): as server/start.ts for the serving
// thread, it starts this thread's OpenTelemetry when the OTEL_* variables turn it on, before the
// job worker's modules load (server/jobs-thread.ts, built to build/jobs-thread-main.js).
import type { startTelemetry } from "./telemetry";
import { telemetryEnabled } from "./telemetry-config";

if (telemetryEnabled(process.env)) {
  const telemetry = (await import(new URL("./telemetry.js", import.meta.url).href)) as {
    startTelemetry: typeof startTelemetry;
  };
  telemetry.startTelemetry();
}
await import(new URL("./jobs-thread-main.js", import.meta.url).href);
