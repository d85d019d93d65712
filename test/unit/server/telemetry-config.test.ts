// When the production server loads OpenTelemetry: only the standard OTEL_* variables decide.
import { describe, expect, it } from "vitest";
import { telemetryEnabled } from "../../../server/telemetry-config";

describe("telemetryEnabled", () => {
  it("is off without an OTLP endpoint, whatever else is set", () => {
    expect(telemetryEnabled({})).toBe(false);
    expect(telemetryEnabled({ OTEL_SERVICE_NAME: "app", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })).toBe(false);
    expect(telemetryEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "  " })).toBe(false);
  });

  it("is on with an endpoint for every signal or for traces", () => {
    expect(telemetryEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(telemetryEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
  });

  it("is off when the SDK is disabled or traces are not exported", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(telemetryEnabled({ ...endpoint, OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(telemetryEnabled({ ...endpoint, OTEL_SDK_DISABLED: "TRUE" })).toBe(false);
    expect(telemetryEnabled({ ...endpoint, OTEL_SDK_DISABLED: "false" })).toBe(true);
    expect(telemetryEnabled({ ...endpoint, OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });
});
