import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { storeOfflineSession } from "../../helpers/sessions";
import { signedWebhookRequest } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { routeContext } from "../../helpers/app-services";

type Action = typeof ordersPaid;
const routes: [string, Action][] = [
  ["app/scopes_update", scopesUpdate],
  ["app/uninstalled", uninstalled],
  ["customers/data_request", dataRequest],
  ["customers/redact", customersRedact],
  ["shop/redact", shopRedact],
];

async function status(action: Action, request: Request) {
  try {
    return (await action({ request, params: {}, context: routeContext() })).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("webhooks with a correctly signed body that is not JSON", () => {
  beforeEach(async () => {
    await resetDatabase();
    await storeOfflineSession(prisma);
  });

  it.each(routes)("%s answers 400, not 500, and writes nothing", async (topic, action) => {
    const request = await signedWebhookRequest({ topic, body: null, rawBody: "{not json" });
    expect(await status(action, request)).toBe(400);
    expect(await prisma.webhookDelivery.count()).toBe(0);
    expect(await prisma.fulfillment.count()).toBe(0);
    expect(await prisma.session.count()).toBe(1);
  });

  it("orders/paid answers 200 and keeps it once for the merchant (Shopify would drop the order after retrying a 400)", async () => {
    const request = () => signedWebhookRequest({ topic: "orders/paid", body: null, rawBody: "{not json", eventId: "evt-1" });
    expect(await status(ordersPaid, await request())).toBe(200);
    expect(await status(ordersPaid, await request())).toBe(200);
    expect(await prisma.unreadableWebhook.findMany()).toEqual([
      expect.objectContaining({ topic: "orders/paid", eventId: "evt-1", payload: "{not json", issues: ["$"] }),
    ]);
    expect(await prisma.fulfillment.count()).toBe(0);
  });
});
