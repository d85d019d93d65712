// OpenTelemetry tracing of the production server (built to build/telemetry.js), loaded by the
// bootstraps (server/start.ts, server/jobs-thread-start.ts) only when the standard OTEL_*
// variables turn it on (server/telemetry-config.ts), and before the app's own modules, so that the
// instrumented ones (node:http, pg) are patched as they load. Each thread — the serving one and
// the job thread — runs its own SDK and exports its own spans (docs/decisions/028-opentelemetry.md).
//
// Traced: every HTTP request served (but the probes and /metrics), every PostgreSQL query (pg,
// under Prisma's driver adapter), every outgoing call through fetch (the service, Shopify's Admin
// API), and each job, as a span continuing the trace of the request that enqueued it (the job
// row's traceparent, app/jobs/queue.server.ts). Everything else is configured by the standard
// variables: OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf by default,
// http/json, grpc), OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES,
// OTEL_TRACES_SAMPLER(_ARG), OTEL_BSP_*. Only traces are exported: metrics are Prometheus's
// (/metrics) and logs go to stdout.
import { IncomingMessage } from "node:http";
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { register as registerImportHooks } from "import-in-the-middle/register-hooks.mjs";
import { installTelemetryBridge } from "../app/telemetry.server";

const SERVICE_NAME = "svc-shopify-fulfilment";
/** Polled every few seconds by load balancers and Prometheus: not worth a trace each. */
const UNTRACED_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

function pathOf(url: string | undefined): string {
  const value = url ?? "";
  const query = value.indexOf("?");
  return query === -1 ? value : value.slice(0, query);
}

/** Starts tracing in this thread. Call once, before the app's modules are imported. */
export function startTelemetry(): void {
  // ES modules are patched through an in-thread loader hook, limited to the modules traced here.
  registerImportHooks({ include: ["pg", "pg-pool", "http", "https"] });

  const sdk = new NodeSDK({
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName: SERVICE_NAME }),
    // Traces only (see above): no OpenTelemetry metric readers or log processors.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(pathOf(req.url)),
        // A query string can carry an email or a name (e.g. a login form's shop field): server
        // spans keep the path only, as the access log does.
        requestHook: (span: Span, request) => {
          if (!(request instanceof IncomingMessage) || !request.url?.includes("?")) return;
          const path = pathOf(request.url);
          span.setAttribute("http.target", path);
          span.setAttribute("url.query", "");
          span.setAttribute("http.url", `http://${request.headers.host ?? "localhost"}${path}`);
        },
      }),
      new UndiciInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();

  const tracer = trace.getTracer(SERVICE_NAME);
  installTelemetryBridge({
    traceparent() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent;
    },
    inSpan(name, attributes, traceparent, fn) {
      const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
      return tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent, async (span) => {
        try {
          return await fn();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    async flush() {
      // Exports what is buffered and stops; bounded, so an unreachable collector never holds up an exit.
      await Promise.race([sdk.shutdown(), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
    },
  });
}
