// Inicio's setup guide (app/orchestration/setup-guide.ts) as the shop's one state derives it
// (app/orchestration/shop-state.ts), so its steps agree with the checklist and the figures. The
// two facts the guide itself records (the first test quote in Tarifas, «how orders go» marked as
// read) are the Shop row's: app/shop/shop.server.ts.
import type { PrismaClient } from "@prisma/client";
import type { SetupGuide } from "./setup-guide";
import { readShopState } from "./shop-state.server";

export async function readSetupGuide(db: Pick<PrismaClient, "$queryRaw">, shop: string): Promise<SetupGuide> {
  return (await readShopState(db, shop)).setup;
}
