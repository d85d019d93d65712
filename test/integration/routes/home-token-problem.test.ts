// Inicio shows the problem when Shopify refused the shop's offline token (issue 19): the code and
// since when, which the page puts in the merchant's language with the fix (open the app again).
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { loader } from "~/routes/app._index";
import { storeOfflineSession } from "../../helpers/sessions";
import { TEST_SHOP, bearerRequest } from "../../helpers/shopify-requests";
import { routeContext } from "../../helpers/app-services";

const home = async () =>
  loader({ request: await bearerRequest("/app", TEST_SHOP), params: {}, context: routeContext() });

beforeAll(async () => {
  await storeOfflineSession(prisma, TEST_SHOP);
  await prisma.shop.upsert({ where: { domain: TEST_SHOP }, create: { domain: TEST_SHOP }, update: {} });
});

describe("Inicio and the offline token", () => {
  it("shows no problem while Shopify accepts the token", async () => {
    expect((await home()).tokenProblem).toBeNull();
  });

  it("shows the refused token's problem with when it began, in words that say how to fix it", async () => {
    const since = new Date("2026-11-24T18:00:00Z");
    await prisma.shop.update({
      where: { domain: TEST_SHOP },
      data: { offlineTokenProblem: "offlineTokenRevoked", offlineTokenProblemAt: since, offlineTokenRefusedHash: "x" },
    });
    expect((await home()).tokenProblem).toEqual({ code: "offlineTokenRevoked", since });
    expect(es.home.problems.offlineTokenRevoked.body).toMatch(/abre la app/);
    expect(en.home.problems.offlineTokenRevoked.body).toMatch(/open the app/);
  });
});
