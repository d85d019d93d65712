// POST /flow/triggers/lifecycle: Shopify Flow's trigger lifecycle callback
// (extensions/flow-lifecycle), signed by Shopify: whether a shop's enabled workflows use a trigger.
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleTriggerLifecycle } from "../flow/trigger-use.server";

export const loader = ({ request, context }: ActionFunctionArgs) => handleTriggerLifecycle(context.services, request);
export const action = loader;
