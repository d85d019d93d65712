// POST /app/readiness: the checklist's actions, from Inicio and Configuración (a fetcher form):
// "add_rates" adds our carrier's rates to checkout where Shopify lets the app, "recheck" checks now.
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { readinessDeps } from "~/orchestration/jobs.server";
import { addRatesToCheckout, checkReadiness, type ReadinessActionData } from "~/orchestration/readiness.server";
import { postOnlyLoader } from "~/http/post-only";

export const loader = postOnlyLoader;

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const form = await request.formData();
  const deps = readinessDeps(context.services);
  switch (form.get("intent")) {
    case "add_rates":
      return data<ReadinessActionData>({ intent: "add_rates", outcome: await addRatesToCheckout(deps, session.shop) });
    case "recheck":
      await checkReadiness(deps, session.shop);
      return data<ReadinessActionData>({ intent: "recheck", ok: true });
    default:
      return data<ReadinessActionData>({ intent: "unknown", ok: false }, { status: 400 });
  }
};
