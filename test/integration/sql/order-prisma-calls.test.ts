// What one paid order still sends through Prisma (issue 34, ADR 036): every statement on the
// composition root's pool is seen here as it reaches pg, named (the prepared statements of
// app/sql.server.ts) or unnamed (Prisma's client, its transactions' BEGIN and COMMIT among them).
// The order runs from orders/paid to the service and its note, as the fulfilment harness runs it;
// the job queue's claims and outcomes, the shop's settings, its service key and its offline session
// (the webhook's, through the library's session storage) must not go through Prisma's client.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR, recordOf, startHarness, type Harness } from "../fulfillment/support/harness";

interface Sent {
  named: boolean;
  text: string;
}

const sent: Sent[] = [];
const originalQuery = pg.Client.prototype.query;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // Seen on every connection of the process's pools: the Prisma adapter's and the prepared statements'.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    if (typeof first === "string") sent.push({ named: false, text: first });
    else if (first && typeof first === "object" && "text" in first)
      sent.push({ named: "name" in first && Boolean(first.name), text: String(first.text) });
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
});
afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await h.close();
});

/** The statement's table and verb, for a failure that says what still went through Prisma. */
const describeStatement = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 120);

describe("one paid order's statements", () => {
  it("claims, finishes and reschedules its jobs and reads the shop's settings, key and session as prepared statements, not through Prisma", async () => {
    const payload = h.paidOrder();
    sent.length = 0;
    expect((await h.deliver(payload)).status).toBe(200);
    await h.worker().runOnce();
    // The order reached the service and its note was written: the whole job path ran.
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", noteStatus: "submitted" });
    await h.clock.advance(HOUR);
    await h.worker().runOnce();

    const prisma = sent.filter((s) => !s.named).map((s) => s.text);
    const prepared = sent.filter((s) => s.named);
    expect(prepared.length).toBeGreaterThan(0);
    const onJobs = prisma.filter((text) => /"Job"/.test(text)).map(describeStatement);
    const onShop = prisma.filter((text) => /FROM "(public"\.")?(Shop|Session)"/.test(text)).map(describeStatement);
    // What still goes through Prisma, for the record (docs/benchmarks.md, "SQL per order").
    console.info(
      `one order: ${prisma.length} statements through Prisma, ${prepared.length} prepared`,
      prisma.map(describeStatement),
    );
    expect({ onJobs, onShop }).toEqual({ onJobs: [], onShop: [] });
  });
});
