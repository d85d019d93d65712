// POST /carrier-service/rates: Shopify's live-rates callback at checkout. The production server
// answers it before Express and Remix (server/rate-callback-http.ts); this route serves it
// everywhere else (tests, `remix vite:dev`) with the very same function.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readBodyCapped } from "../http/body-limit.server";
import { handleRateCallback } from "../rates/callback.server";

// Shopify only POSTs here; a GET (a person or a probe trying the URL) gets the callback's clean 405,
// not Remix's "no loader" error with a stack trace in the log.
export const loader = ({ request, context }: LoaderFunctionArgs) => action({ request, params: {}, context });

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const answer = await handleRateCallback(context.services, {
    method: request.method,
    header: (name) => request.headers.get(name),
    body: async (maxBytes) => {
      const read = await readBodyCapped(request, maxBytes);
      return read.ok ? read.body : "too_large";
    },
  });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
};
