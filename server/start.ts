// The production server's entry (`npm start`, built to build/start.js). It reads `.env`, starts
// OpenTelemetry when the standard OTEL_* variables turn it on — before any module it traces is
// loaded — and then the server itself (server/index.ts, built to build/app-server.js). Off, no
// OpenTelemetry module is loaded at all (docs/decisions/028-opentelemetry.md).
import fs from "node:fs";
import type { startTelemetry } from "./telemetry";
import { telemetryEnabled } from "./telemetry-config";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

// Loaded by address, not bundled: each is a file of its own beside this one in build/.
if (telemetryEnabled(process.env)) {
  const telemetry = (await import(new URL("./telemetry.js", import.meta.url).href)) as {
    startTelemetry: typeof startTelemetry;
  };
  telemetry.startTelemetry();
}
await import(new URL("./app-server.js", import.meta.url).href);
