/**
 * Shopify Flow's side of the integration tests: the app as the simulated store's Flow reaches it
 * (its Flow routes in process, as Remix calls them), the trigger extensions deployed as their TOML
 * declares them, and the merchant's workflows, enabled through Flow's signed lifecycle callback.
 */
import type { AppRegistration, SimulatedStore } from "../../../../sandbox/store";
import { flowLifecycleCallbackPath, flowTriggerDefinitions } from "../../../../scripts/flow-extensions";
import { TEST_API_SECRET, TEST_APP_URL } from "../../../helpers/shopify-requests";
import { routeContext } from "../../../helpers/app-services";
import { action as lifecycleRoute } from "~/routes/flow.triggers.lifecycle";
import { action as retryOrderRoute } from "~/routes/flow.actions.retry-order";
import { action as sendOrderRoute } from "~/routes/flow.actions.send-order";

const ROUTES: Record<string, typeof sendOrderRoute> = {
  "/flow/actions/send-order": sendOrderRoute,
  "/flow/actions/retry-order": retryOrderRoute,
  "/flow/triggers/lifecycle": lifecycleRoute,
};

export const flowApp: AppRegistration = {
  secret: TEST_API_SECRET,
  appUrl: TEST_APP_URL,
  webhooks: [],
  fetch: async (url, init) => {
    const route = ROUTES[new URL(String(url)).pathname];
    if (!route) return new Response("no route", { status: 404 });
    return route({ request: new Request(url, init), params: {}, context: routeContext() });
  },
};

/** The app's Flow extensions as `shopify app deploy` makes them known to the shop, and the app registered. */
export function deployFlowExtensions(store: SimulatedStore, shop: string): void {
  store.control.setApp(shop, flowApp);
  store.control.defineFlowTriggers(shop, flowTriggerDefinitions(), flowLifecycleCallbackPath());
}

/** The merchant enables a workflow for each trigger (all by default): Flow tells the app, which must answer 2xx. */
export async function enableWorkflows(
  store: SimulatedStore,
  shop: string,
  handles = flowTriggerDefinitions().map((t) => t.handle),
): Promise<void> {
  for (const handle of handles) {
    const { workflow, callback } = await store.control.setFlowWorkflow(shop, { handle, enabled: true });
    if (!workflow.enabled) throw new Error(`workflow for ${handle} not enabled: the app answered ${callback?.status}`);
  }
}
