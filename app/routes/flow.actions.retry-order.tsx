// POST /flow/actions/retry-order: Shopify Flow's "Retry order that needs attention" action
// (extensions/flow-retry-order), signed by Shopify; performed once per action_run_id.
import type { ActionFunctionArgs } from "@remix-run/node";
import { FLOW_ACTIONS, handleFlowAction, retryOrderNeedingAttention } from "../flow/actions.server";

export const loader = ({ request, context }: ActionFunctionArgs) =>
  handleFlowAction(context.services, request, FLOW_ACTIONS.retryOrder, retryOrderNeedingAttention);
export const action = loader;
