import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer } from "@remix-run/react";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { isbot } from "isbot";

export const streamTimeout = 5000;

// The production server (server/index.ts) builds the process's services through the server build
// (the composition root) and reaches the serving side's shutdown and the job signals the same way:
// it forwards the "enqueued" signals of the jobs it adds to the job worker's thread
// (server/jobs-thread.ts) so that the worker wakes without polling.
export {
  checkDatabaseReadiness,
  createAppServices,
  releaseJobLeases,
  renderMetrics,
  startProcessMetrics,
  stopServing,
} from "./composition.server";
export { APP_VERSION } from "./version.server";
// The server (server/index.ts) is bundled apart from this build: it must put each request's log
// context in this build's AsyncLocalStorage, or the app's lines and service calls would not see it.
export { withLogContext } from "./logger.server";
export { jobSignals } from "./jobs/queue.server";
// …and the rate callback's fast path (server/rate-callback-http.ts) reaches its handler the same way.
export { handleRateCallback } from "./rates/callback.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  { services }: AppLoadContext,
) {
  services.shopify.addDocumentResponseHeaders(request, responseHeaders);
  // The library preloads App Bridge from Shopify's CDN; the demo's pages load the store's stand-in.
  const appBridgeUrl = services.config.APP_BRIDGE_URL;
  if (appBridgeUrl && responseHeaders.has("Link")) {
    responseHeaders.set("Link", `<${appBridgeUrl}>; rel="preload"; as="script";`);
  }
  const userAgent = request.headers.get("user-agent");
  const callbackName = isbot(userAgent ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      [callbackName]: () => {
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        responseStatusCode = 500;
        console.error(error);
      },
    });

    // Abort a little after streamTimeout so rejected promises can flush through the stream.
    setTimeout(abort, streamTimeout + 1000);
  });
}
