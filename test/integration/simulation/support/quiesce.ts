/**
 * The end of a simulated run: the network delivers what it still holds, frozen workers wake, the
 * workers run everything due, and time passes until the warehouse has shipped what it received
 * (each stretch of time followed by the work it makes due), with the invariants checked on the way.
 */
import prisma from "../../../helpers/prisma";
import { requestStockSync } from "~/fulfillment/stock-sync.server";
import { checkCancellationsActedOn, checkQuiescence } from "./invariants";
import { LEASE_MS, MINUTE, SHOP, type World } from "./world";

/** Runs both processes' workers until nothing is due now and the network holds nothing. */
export async function drain(world: World): Promise<void> {
  for (let round = 0; round < 12; round++) {
    const ran = await world.work(round % 2 === 0 ? "A" : "B");
    const delivered = world.outbox.length;
    while (world.outbox.length > 0) await world.deliver(0);
    if (ran === 0 && delivered === 0 && round > 0) return;
  }
}

export async function quiesce(world: World): Promise<void> {
  world.log.push("— quiescence");
  await world.finishZombies();
  while (world.outbox.length > 0) await world.deliver(0);
  await drain(world);
  // Without any time passing, every accepted cancellation has been acted on.
  await checkCancellationsActedOn(world);
  for (const minutes of [LEASE_MS / MINUTE + 1, 16, 16, 16, 16, 31, 61]) {
    await world.advance(minutes * MINUTE);
    await drain(world);
  }
  await requestStockSync(prisma, { shop: SHOP, runAt: world.now(), onDemand: true });
  await drain(world);
  await checkQuiescence(world);
}
