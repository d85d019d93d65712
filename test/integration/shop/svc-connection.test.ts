import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { connectShop } from "~/orchestration/connect-shop.server";
import { createSvcClientResolver, type SvcConnectionConfig } from "~/shop/svc-connection.server";
import { svcConnectionId } from "~/shop/svc-connection.server";
import { SvcUnauthorizedError } from "~/svc";
import { startServiceSandbox } from "../../../sandbox/service/server";
import { resetDatabase } from "../../helpers/test-database";
import { sandboxConnection } from "../../helpers/app-context";

const shop = "tienda-demo.myshopify.com";
let sandbox: Awaited<ReturnType<typeof startServiceSandbox>>;
let config: SvcConnectionConfig;

beforeAll(async () => {
  sandbox = await startServiceSandbox({ port: 0, apiKeys: ["key-a", "key-b"] });
  config = sandboxConnection(sandbox.url);
});
afterAll(() => sandbox.close());

async function seedRegisteredVariant() {
  await prisma.catalogVariant.create({
    data: {
      shop,
      productId: "p1",
      variantId: "v1",
      sku: "TAZA-AZ",
      title: "Taza",
      status: "synced",
      svcProductId: "svc-1",
      sentHash: "h",
      sent: { sku: "TAZA-AZ" },
    },
  });
  await prisma.catalogVariant.create({
    data: { shop, productId: "p2", variantId: "v2", title: "Sin SKU", status: "skipped", reasonCode: "noSku" },
  });
}

describe("connectShop", () => {
  beforeEach(resetDatabase);

  it("stores an accepted key encrypted and refuses a key the service refuses", async () => {
    await connectShop({ db: prisma, config, shop, apiKey: "key-a", environment: "qa" });
    const row = await prisma.shop.findUniqueOrThrow({ where: { domain: shop } });
    expect(row.svcApiKeyCiphertext).toMatch(/^v1:/);
    expect(row.svcApiKeyCiphertext).not.toContain("key-a");
    await expect(connectShop({ db: prisma, config, shop, apiKey: "nope", environment: "qa" })).rejects.toBeInstanceOf(
      SvcUnauthorizedError,
    );
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: shop } })).svcApiKeyCiphertext).toBe(
      row.svcApiKeyCiphertext,
    );
  });

  it("keeps the catalogue's registrations when the same account is connected again", async () => {
    await connectShop({ db: prisma, config, shop, apiKey: "key-a", environment: "qa" });
    await seedRegisteredVariant();
    await connectShop({ db: prisma, config, shop, apiKey: "key-a", environment: "qa" });
    expect(
      await prisma.catalogVariant.findUniqueOrThrow({ where: { shop_variantId: { shop, variantId: "v1" } } }),
    ).toMatchObject({
      status: "synced",
      svcProductId: "svc-1",
    });
  });

  it.each([
    ["another key", "key-b", "qa"],
    ["another environment", "key-a", "production"],
  ] as const)(
    "forgets every registration when switching to %s, so the next sync registers the catalogue there",
    async (_case, apiKey, environment) => {
      await connectShop({ db: prisma, config, shop, apiKey: "key-a", environment: "qa" });
      await seedRegisteredVariant();
      await connectShop({ db: prisma, config, shop, apiKey, environment });
      const [registered, skipped] = await prisma.catalogVariant.findMany({ orderBy: { variantId: "asc" } });
      expect(registered).toMatchObject({
        status: "pending",
        reasonCode: "accountSwitched",
        reasonParams: {},
        svcProductId: null,
        sentHash: null,
        sent: null,
      });
      expect(skipped).toMatchObject({ status: "skipped", reasonCode: "noSku" });
    },
  );
});

describe("svcConnectionId (the shared rate cache's name for a connection)", () => {
  beforeEach(resetDatabase);

  it("is the same in every process for one stored connection, and new after a new key or environment", async () => {
    await connectShop({ db: prisma, config, shop, apiKey: "key-a", environment: "qa" });
    // Two resolvers: what two app instances build from the same row.
    const [one, other] = [createSvcClientResolver(prisma, config), createSvcClientResolver(prisma, config)];
    const idA = svcConnectionId((await one(shop))!);
    expect(idA).toMatch(/^[\w-]{22}$/);
    expect(svcConnectionId((await other(shop))!)).toBe(idA);
    const row = await prisma.shop.findUniqueOrThrow({ where: { domain: shop } });
    expect(idA).not.toContain(row.svcApiKeyCiphertext!.slice(3, 25));

    await connectShop({ db: prisma, config, shop, apiKey: "key-b", environment: "qa" });
    const idB = svcConnectionId((await one(shop))!);
    expect(idB).not.toBe(idA);
    expect(svcConnectionId((await other(shop))!)).toBe(idB);
    await connectShop({ db: prisma, config, shop, apiKey: "key-b", environment: "production" });
    expect(svcConnectionId((await one(shop))!)).not.toBe(idB);
  });
});
