import { beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import prisma from "../../helpers/prisma";
import { DEFAULT_SETTINGS, getShopSettings, updateShopSettings } from "~/shop/shop-settings.server";
import { resetDatabase } from "../../helpers/test-database";

const shop = "tienda-demo.myshopify.com";

describe("shop settings", () => {
  beforeEach(async () => {
    await resetDatabase();
    await prisma.shop.create({ data: { domain: shop } });
  });

  it("gives the defaults to a new shop and to one that never saved", async () => {
    expect(await getShopSettings({ db: prisma, shop: "nueva.myshopify.com" })).toEqual({
      settings: DEFAULT_SETTINGS,
      version: 0,
    });
    expect(await getShopSettings({ db: prisma, shop })).toEqual({ settings: DEFAULT_SETTINGS, version: 1 });
  });

  it("keeps both changes when two sections are saved at the same moment, and bumps the version once each", async () => {
    await Promise.all([
      updateShopSettings({ db: prisma, shop, patch: { rates: { markupBasisPoints: 1000 } } }),
      updateShopSettings({ db: prisma, shop, patch: { fulfillment: { defaultService: "EXPRESS" } } }),
      updateShopSettings({ db: prisma, shop, patch: { stock: { intervalMinutes: 30 } } }),
    ]);
    const { settings, version } = await getShopSettings({ db: prisma, shop });
    expect(settings.rates.markupBasisPoints).toBe(1000);
    expect(settings.fulfillment.defaultService).toBe("EXPRESS");
    expect(settings.stock.intervalMinutes).toBe(30);
    expect(version).toBe(4);
  });

  it("reads a deadline saved before the 2,500 ms cap as the cap, and still saves other changes", async () => {
    await prisma.shop.update({ where: { domain: shop }, data: { settings: { rates: { deadlineMs: 8000 } } } });
    expect((await getShopSettings({ db: prisma, shop })).settings.rates.deadlineMs).toBe(2500);
    const saved = await updateShopSettings({ db: prisma, shop, patch: { rates: { markupBasisPoints: 500 } } });
    expect(saved.rates).toMatchObject({ deadlineMs: 2500, markupBasisPoints: 500 });
  });

  it("rejects an invalid value and leaves the stored settings as they were", async () => {
    await expect(
      updateShopSettings({ db: prisma, shop, patch: { rates: { deadlineMs: 9000 } } }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await getShopSettings({ db: prisma, shop })).toEqual({ settings: DEFAULT_SETTINGS, version: 1 });
  });
});
