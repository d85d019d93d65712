import { receiveFlowTrigger } from "../../flow/flow";
import type { StoreContext } from "../context";

export function flowMutations(ctx: StoreContext) {
  return {
    flowTriggerReceive: (args: { handle?: string | null; payload?: unknown; body?: string | null }) =>
      receiveFlowTrigger(ctx.shop.flow, args, ctx.now()),
  };
}
