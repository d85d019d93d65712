// POST /flow/actions/send-order: Shopify Flow's "Send order to warehouse" action
// (extensions/flow-send-order), signed by Shopify; performed once per action_run_id.
import type { ActionFunctionArgs } from "@remix-run/node";
import { FLOW_ACTIONS, handleFlowAction, sendOrderNow } from "../flow/actions.server";

export const loader = ({ request, context }: ActionFunctionArgs) =>
  handleFlowAction(context.services, request, FLOW_ACTIONS.sendOrder, sendOrderNow);
export const action = loader;
