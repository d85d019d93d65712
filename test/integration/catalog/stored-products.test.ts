// The catalogue keeps product/new's body in `sent` and in the product of `current`, the form the
// rows written before the domain names (issue 20) hold. A row written then reads into the domain
// types, keeps its status when Shopify sends the same variant again (its hash still matches, so
// nothing looks changed after the deploy), and is written back in that same form.
import { createHash } from "node:crypto";
import { Prisma } from "@prisma/client";
import { beforeEach, describe, expect, it } from "vitest";
import { productHash } from "~/catalog/mapping-hash.server";
import { PENDING_CHECK } from "~/catalog/status";
import { recordSnapshots } from "~/catalog/record-snapshots.server";
import { loadVariants, recordIntent } from "~/catalog/variant-records.server";
import prisma from "../../helpers/prisma";
import { resetDatabase } from "../../helpers/test-database";
import { SETTINGS, snapshot } from "../../unit/catalog/support";

const SHOP = "stored-products.myshopify.com";

/** The default snapshot's product as the earlier version stored it, and that version's hash of it. */
const EARLIER_BODY = {
  sku: "TAZA-AZ",
  upc: "",
  nombre: "Taza de barro - Azul",
  imagen_url: "https://cdn.shopify.com/taza.jpg",
  dimension: { data: { peso: "450", ancho: "9", largo: "12", altura: "10", volumen: "1080" } },
};
const EARLIER_HASH = createHash("sha256")
  .update(
    '{"dimension":{"data":{"altura":"10","ancho":"9","largo":"12","peso":"450","volumen":"1080"}},' +
      '"imagen_url":"https://cdn.shopify.com/taza.jpg","nombre":"Taza de barro - Azul","sku":"TAZA-AZ","upc":""}',
  )
  .digest("hex");
const EARLIER_CURRENT = { kind: "ready", dimensionsSource: "product", product: EARLIER_BODY };

const DOMAIN_PRODUCT = {
  sku: "TAZA-AZ",
  upc: "",
  name: "Taza de barro - Azul",
  imageUrl: "https://cdn.shopify.com/taza.jpg",
  dimensions: { weight: "450", length: "12", width: "9", height: "10", volume: "1080" },
};

async function earlierRow(): Promise<string> {
  const variant = snapshot();
  const row = await prisma.catalogVariant.create({
    data: {
      shop: SHOP,
      productId: variant.productId,
      variantId: variant.variantId,
      inventoryItemId: variant.inventoryItemId,
      sku: "TAZA-AZ",
      title: "Taza de barro - Azul",
      status: "synced",
      svcProductId: "p-1",
      svcDimensionId: "d-1",
      sent: EARLIER_BODY,
      sentHash: EARLIER_HASH,
      current: EARLIER_CURRENT,
    },
  });
  return row.id;
}

beforeEach(async () => {
  await resetDatabase();
  await prisma.shop.create({ data: { domain: SHOP } });
});

describe("products stored as product/new's body", () => {
  it("read a row the earlier version wrote into the domain types", async () => {
    await earlierRow();
    const stored = (await loadVariants(prisma, SHOP, [snapshot().variantId])).get(snapshot().variantId);
    expect(stored?.sent).toEqual(DOMAIN_PRODUCT);
    expect(stored?.current).toEqual({ kind: "ready", dimensionsSource: "product", product: DOMAIN_PRODUCT });
  });

  it("keep such a row's status when Shopify sends the same variant, and write it back in the same form", async () => {
    const id = await earlierRow();
    const { rows } = await recordSnapshots(prisma, SHOP, [snapshot()], SETTINGS);
    expect(rows[0]).toMatchObject({ status: "synced", reason: null });
    const row = await prisma.catalogVariant.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "synced", svcProductId: "p-1", current: EARLIER_CURRENT });
  });

  it("still see a real change in such a row", async () => {
    await earlierRow();
    const { rows } = await recordSnapshots(
      prisma,
      SHOP,
      [snapshot({ weight: { unit: "GRAMS", value: 500 } })],
      SETTINGS,
    );
    expect(rows[0]).toMatchObject({ status: "pending", reason: PENDING_CHECK });
  });

  it("record what is about to be sent as the body and hash the earlier version recorded", async () => {
    const id = await earlierRow();
    await prisma.catalogVariant.update({
      where: { id },
      data: { sent: Prisma.DbNull, sentHash: null, svcProductId: null },
    });
    await recordIntent(prisma, [{ id, sent: DOMAIN_PRODUCT, sentHash: productHash(DOMAIN_PRODUCT) }]);
    const row = await prisma.catalogVariant.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ sent: EARLIER_BODY, sentHash: EARLIER_HASH });
  });
});
