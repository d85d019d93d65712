// Whether the production server traces with OpenTelemetry: decided from the standard OTEL_*
// variables alone, before anything of OpenTelemetry is loaded (docs/decisions/028-opentelemetry.md).
// On when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT, or the traces-only
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.

export function telemetryEnabled(env: Record<string, string | undefined>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === "none") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}
