// Catálogo's lookup of one SKU at the service (the sandbox over HTTP) next to what Shopify holds,
// and the page's refusals: a bad SKU, an unknown action or a wrong filter in the URL answer 400
// naming the field, never a 500.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { forgetSvcKey } from "../../helpers/svc-connection";
import { action, loader, type CatalogLoaderData } from "~/routes/app.catalog/route";
import { catalogReasonWords } from "~/catalog/reason-words";
import { translator } from "~/i18n/locale";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { startHarness, type Harness } from "./harness";
import { routeContext } from "../../helpers/app-services";

let h: Harness;

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  h = await startHarness({ batchSize: 10, pageSize: 10, budgetMs: 0 });
});
afterEach(() => h.close());

async function post(form: Record<string, string>, shop = TEST_SHOP) {
  const request = await sessionTokenRequest("/app/catalog", shop, {
    method: "POST",
    body: new URLSearchParams(form).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: {}, context: routeContext() });
}

async function syncAll() {
  await post({ intent: "sync" });
  await h.drain();
}

describe("looking one SKU up at the service", () => {
  it("shows what the service holds next to Shopify's variant, and where they differ", async () => {
    const variant = h.demoFacts().find((v) => v.sku && v.outcome === "synced")!;
    // GIVEN the SKU was at the service before, with another weight (registered by hand, say)
    await h.client.createProducts({
      productos: [
        {
          sku: variant.sku!,
          nombre: "Registrado a mano",
          dimension: { data: { peso: "1", ancho: "10", largo: "10", altura: "10", volumen: "1000" } },
        },
      ],
    });
    await syncAll();

    const answer = await post({ intent: "lookup", sku: ` ${variant.sku!} ` });
    expect(answer).toMatchObject({
      kind: "lookup",
      lookup: {
        kind: "found",
        sku: variant.sku,
        service: [{ sku: variant.sku, name: "Registrado a mano", measures: { peso: "1" } }],
        shopify: [
          {
            status: "drifted",
            deleted: false,
            differences: expect.arrayContaining([expect.objectContaining({ field: "peso", service: "1" })]),
          },
        ],
      },
    });
    const lookup = (answer as { lookup: { shopify: { measures: { peso: string } }[] } }).lookup;
    expect(lookup.shopify[0]!.measures.peso).not.toBe("1");
  });

  it("finds a SKU typed in another case and with spaces around it, as the catalogue spells it", async () => {
    await syncAll();
    const synced = h.demoFacts().find((v) => v.sku && v.outcome === "synced" && /[A-Z]/.test(v.sku))!;
    const answer = await post({ intent: "lookup", sku: ` ${synced.sku!.toLowerCase()} ` });
    expect(answer).toMatchObject({
      kind: "lookup",
      lookup: { kind: "found", sku: synced.sku, service: [{ sku: synced.sku }], shopify: [{ status: "synced" }] },
    });
  });

  it("says the service holds nothing for an unknown SKU, and finds a synced one in step", async () => {
    await syncAll();
    expect(await post({ intent: "lookup", sku: "NO-EXISTE-999" })).toEqual({
      kind: "lookup",
      lookup: { kind: "found", sku: "NO-EXISTE-999", service: [], shopify: [] },
    });
    // Every reason the sync wrote for the demo's skipped variants reads in the merchant's language.
    const skipped = (await loader({
      request: await sessionTokenRequest("/app/catalog?status=skipped"),
      params: {},
      context: routeContext(),
    })) as CatalogLoaderData;
    expect(skipped.variants).toHaveLength(9);
    const i18n = translator("en");
    for (const variant of skipped.variants) {
      const words = catalogReasonWords(i18n, variant.reason);
      expect(words, variant.title).toMatch(/\S/);
      expect(words, variant.title).not.toMatch(/\{\w+\}|—/);
    }
    const synced = await prisma.catalogVariant.findFirstOrThrow({ where: { status: "synced" } });
    expect(await post({ intent: "lookup", sku: synced.sku! })).toMatchObject({
      lookup: { kind: "found", service: [{ sku: synced.sku }], shopify: [{ status: "synced", differences: [] }] },
    });
  });

  it("shows only this shop's variants with the SKU", async () => {
    await syncAll();
    const synced = await prisma.catalogVariant.findFirstOrThrow({ where: { status: "synced" } });
    const other = "otra-tienda.myshopify.com";
    await prisma.shop.create({ data: { domain: other } });
    await prisma.catalogVariant.create({
      data: { shop: other, productId: "1", variantId: "1", sku: synced.sku, title: "De otra tienda", status: "synced" },
    });
    const answer = (await post({ intent: "lookup", sku: synced.sku! })) as { lookup: { shopify: { title: string }[] } };
    expect(answer.lookup.shopify.map((v) => v.title)).toEqual([synced.title]);
  });

  it("says the shop must connect first, without calling anything", async () => {
    await forgetSvcKey(prisma, TEST_SHOP);
    expect(await post({ intent: "lookup", sku: "PLATO-GR" })).toEqual({
      kind: "lookup",
      lookup: { kind: "not_connected", sku: "PLATO-GR" },
    });
  });

  it("answers 400 naming the field for a missing or overlong SKU and an unknown action", async () => {
    for (const sku of ["", "   ", "X".repeat(101)]) {
      expect(await post({ intent: "lookup", sku })).toMatchObject({
        data: { kind: "invalid", field: "sku" },
        init: { status: 400 },
      });
    }
    expect(await post({ intent: "lookup" })).toMatchObject({ data: { field: "sku" }, init: { status: 400 } });
    expect(await post({ intent: "borrar" })).toMatchObject({ data: { field: "intent" }, init: { status: 400 } });
  });
});

describe("the page's URL", () => {
  const refused = async (path: string) => loader({ request: await sessionTokenRequest(path), params: {}, context: routeContext() });

  it("answers 400 naming the field for an unknown status, an overlong search or a bad page", async () => {
    expect(await refused("/app/catalog?status=nonsense&q=jab")).toMatchObject({
      // The unfiltered page comes with it, the error next to its field.
      data: { invalid: { field: "status" }, query: { filter: "all", search: "", page: 1 }, connected: true },
      init: { status: 400 },
    });
    expect(await refused(`/app/catalog?q=${"a".repeat(101)}`)).toMatchObject({
      data: { invalid: { field: "q" } },
      init: { status: 400 },
    });
    expect(await refused("/app/catalog?page=-3")).toMatchObject({
      data: { invalid: { field: "page" } },
      init: { status: 400 },
    });
  });
});
