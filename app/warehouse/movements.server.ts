/**
 * Receptions and withdrawals for «Almacén», read from the service when the page opens. Each list
 * stands alone: one the service cannot give (or answers in a shape the app cannot read) says so
 * in its place, and the page still shows the rest.
 */
import type { Logger } from "pino";
import { readReceptions, readWithdrawals, SvcInvalidResponseError, type Reception, type SvcClient, type Withdrawal } from "../svc";

export type ReceptionsView =
  | { kind: "read"; receptions: Reception[] }
  /** The service answered, but not with receptions the app recognises; the answer is kept whole. */
  | { kind: "unreadable"; body: unknown }
  | { kind: "failed" }
  | { kind: "not_connected" };

export type WithdrawalsView = { kind: "read"; withdrawals: Withdrawal[] } | { kind: "failed" } | { kind: "not_connected" };

export interface MovementsDeps {
  logger: Pick<Logger, "warn">;
  svcClientFor(shop: string): Promise<SvcClient | null>;
}

export async function warehouseMovements(
  deps: MovementsDeps,
  shop: string,
): Promise<{ receptions: ReceptionsView; withdrawals: WithdrawalsView }> {
  const client = await deps.svcClientFor(shop);
  if (!client) return { receptions: { kind: "not_connected" }, withdrawals: { kind: "not_connected" } };
  const [receptions, withdrawals] = await Promise.all([
    readReceptions(client).then(
      (answer): ReceptionsView =>
        answer.kind === "read" ? { kind: "read", receptions: newestFirst(answer.receptions) } : answer,
      (error: unknown): ReceptionsView => {
        deps.logger.warn({ shop, err: messageOf(error) }, "receptions could not be read");
        // A body that is not JSON, or JSON that is neither an object nor a list, is still an answer
        // the app cannot read, not a failure to reach the service.
        return error instanceof SvcInvalidResponseError ? { kind: "unreadable", body: error.answer } : { kind: "failed" };
      },
    ),
    readWithdrawals(client).then(
      (list): WithdrawalsView => ({ kind: "read", withdrawals: newestFirst(list) }),
      (error: unknown): WithdrawalsView => {
        deps.logger.warn({ shop, err: messageOf(error) }, "withdrawals could not be read");
        return { kind: "failed" };
      },
    ),
  ]);
  return { receptions, withdrawals };
}

/** The receptions' answer as the service gave it, for the merchant to download and hand to support. */
export async function receptionsAnswer(deps: MovementsDeps, shop: string): Promise<unknown> {
  const client = await deps.svcClientFor(shop);
  if (!client) return null;
  try {
    return (await readReceptions(client)).body;
  } catch (error) {
    if (error instanceof SvcInvalidResponseError) return error.answer;
    throw error;
  }
}

function newestFirst<T extends { createdAt: string | null }>(list: T[]): T[] {
  return [...list].sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
