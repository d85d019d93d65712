// What the app knows of OpenTelemetry: nothing but this bridge. The SDK and its instrumentations
// (server/telemetry.ts) are loaded by the production server's bootstrap only when the standard
// OTEL_* variables turn them on; they then install an implementation here, through a global
// symbol, because the server, the Remix build and the job thread are separate bundles. Off (the
// default), every function below is a no-op and neither the SDK nor any instrumentation, exporter
// or loader hook is loaded (docs/decisions/028-opentelemetry.md).

/** What the telemetry module provides once started. */
export interface TelemetryBridge {
  /** The W3C traceparent of the active span (the request being served), if any. */
  traceparent(): string | undefined;
  /** Runs `fn` in a span named `name`, a child of `traceparent` when given. */
  inSpan<T>(
    name: string,
    attributes: Record<string, string | number>,
    traceparent: string | null,
    fn: () => Promise<T>,
  ): Promise<T>;
  /** Exports the spans still buffered, before the process or thread ends. */
  flush(): Promise<void>;
}

const KEY = Symbol.for("svc-shopify-fulfilment.telemetry");

function bridge(): TelemetryBridge | undefined {
  return (globalThis as { [KEY]?: TelemetryBridge })[KEY];
}

/** Called by server/telemetry.ts once the SDK runs in this thread. */
export function installTelemetryBridge(impl: TelemetryBridge): void {
  (globalThis as { [KEY]?: TelemetryBridge })[KEY] = impl;
}

/** The trace context to store with work enqueued now (a job row), or undefined when tracing is off. */
export function currentTraceparent(): string | undefined {
  return bridge()?.traceparent();
}

/** Runs `fn` in a span continuing `traceparent` when tracing is on; otherwise just runs it. */
export function inTraceSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  traceparent: string | null,
  fn: () => Promise<T>,
): Promise<T> {
  const impl = bridge();
  return impl ? impl.inSpan(name, attributes, traceparent, fn) : fn();
}

/** Exports buffered spans (a no-op when tracing is off). */
export async function flushTelemetry(): Promise<void> {
  await bridge()?.flush();
}
