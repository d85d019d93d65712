// Issue 33's smaller things, in Chromium through the admin stand-in, in Spanish and in English:
// Pedidos' rows show the order's date, the buyer's city, its items and its total; the filtered list
// downloads as CSV headed in the page's language; the timeline names the service and the products
// as the merchant knows them (no «(EXPRESS: ALE-P × 2)»); «shipped» reads as its own word; and a
// save from Configuración's top save bar is said at the top of the page, in view.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paidOrderSchema } from "~/fulfillment/core/paid-order";
import { reason, reasonColumns } from "~/fulfillment/core/reason-codes";
import { translator } from "~/i18n/locale";
import { poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { submitted } from "./support/form-fields";

let admin: EmbeddedAdmin;
const PLACED = new Date("2026-11-25T17:30:00Z");

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-order-rows");
  await admin.connect();
  await admin.db.catalogVariant.create({
    data: {
      shop: SHOP,
      variantId: "gid://shopify/ProductVariant/71",
      productId: "gid://shopify/Product/71",
      title: "Cerveza pale ale",
      sku: "ALE-P",
      status: "synced",
    },
  });
  // #4001 went to the warehouse on EXPRESS and left with the carrier; #4002 is still at the warehouse.
  for (const [n, status, city] of [
    ["4001", "shipped", "Guadalajara"],
    ["4002", "submitted", "Mérida"],
  ] as const) {
    const order = paidOrderSchema.parse({
      id: n,
      admin_graphql_api_id: `gid://shopify/Order/${n}`,
      name: `#${n}`,
      line_items: [{ id: `${n}1`, sku: "ALE-P", name: "", quantity: 2 }],
      shipping_address: { city },
    });
    await admin.db.shopifyOrder.create({
      data: {
        shop: SHOP,
        shopifyOrderId: n,
        orderGid: order.admin_graphql_api_id,
        orderName: order.name,
        plannedAt: PLACED,
        placedAt: PLACED,
        totalPrice: n === "4001" ? "1234.50" : "99.00",
        currency: "MXN",
      },
    });
    const sending = reason("sending", { attempt: "1", service: "EXPRESS", products: "ALE-P × 2" });
    await admin.db.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: n,
        orderGid: order.admin_graphql_api_id,
        orderName: order.name,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${n}`,
        status,
        serviceCode: "EXPRESS",
        serviceCodeSource: "shipping_line",
        svcOrderId: `SVC-${n}`,
        request: { order },
        ...reasonColumns(null),
        events: {
          create: [
            {
              at: new Date(PLACED.getTime() + 60_000),
              fromStatus: "pending",
              toStatus: "submitting",
              detailCode: sending.code,
              detailParams: sending.params,
              detail: "sending",
            },
          ],
        },
      },
    });
  }
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

const articleOf = (page: Page, order: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: order, exact: true }) });

for (const locale of ["es", "en"] as const) {
  const i18n = translator(locale);
  const m = i18n.messages.orders;
  describe(`[${locale}]`, () => {
    it("Pedidos' rows show the date, the buyer's city, the items and the total, and «shipped» in its own word", async () => {
      const page = await admin.open("/app/orders", locale);
      const row = articleOf(page, "#4001");
      await poll(() => row.count()).toBe(1);
      const text = await row.innerText();
      expect(text).toContain(i18n.format(m.destination, { city: "Guadalajara" }));
      expect(text).toContain(i18n.format(m.items, { count: "2" }));
      expect(text).toContain(i18n.format(m.total, { total: i18n.money("1234.50") }));
      // The date as the page's language writes it (Chromium's own Intl), on Mexico City's calendar.
      const placed = await page.evaluate(
        ([tag, at]) =>
          new Intl.DateTimeFormat(tag, {
            dateStyle: "medium",
            timeStyle: "short",
            timeZone: "America/Mexico_City",
          }).format(new Date(at!)),
        [locale === "es" ? "es-MX" : "en-US", PLACED.toISOString()],
      );
      expect(text).toContain(i18n.format(m.placedAt, { at: placed }));
      expect(text).toContain(m.statuses.shipped);
      expect(m.statuses.shipped).not.toBe(m.sentFilter);
      await screenshot(page, `order-rows-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("the timeline names the service and the product, never «(EXPRESS: ALE-P × 2)»", async () => {
      const page = await admin.open("/app/orders", locale);
      const row = articleOf(page, "#4001");
      await poll(() => row.count()).toBe(1);
      // Its history: the payment received, then the sending.
      await row.getByRole("button", { name: i18n.format(m.timelineShow, { count: "2" }) }).click();
      const timeline = row.getByRole("list", { name: i18n.format(m.timelineTitle, { order: "#4001" }) });
      await poll(() => timeline.isVisible()).toBe(true);
      const text = await timeline.innerText();
      expect(text).toContain(
        i18n.format(m.reasons.sending, {
          attempt: "1",
          service: i18n.messages.settings.services.EXPRESS,
          products: "Cerveza pale ale (ALE-P) × 2",
        }),
      );
      expect(text).not.toContain("EXPRESS:");
      expect(text).not.toMatch(/\(ALE-P × 2|, ALE-P × 2/);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("downloads the filtered list as CSV, headed in the page's language", async () => {
      const page = await admin.open("/app/orders?status=shipped", locale);
      await poll(() => articleOf(page, "#4001").count()).toBe(1);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: m.exportCsv, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("orders.csv");
      const csv = await streamText(await download.createReadStream());
      const c = m.csv;
      const lines = csv.split("\r\n");
      expect(lines[0]).toBe(
        "\uFEFF" +
          [
            c.order,
            c.placedAt,
            c.status,
            c.city,
            c.items,
            c.total,
            c.currency,
            c.service,
            c.serviceOrder,
            c.trackingNumber,
            c.trackingCompany,
          ].join(","),
      );
      // Only what the filter selects: #4002 is still at the warehouse.
      expect(lines.slice(1, -1)).toEqual([
        [
          "#4001",
          "2026-11-25 11:30",
          m.statuses.shipped,
          "Guadalajara",
          "2",
          "1234.50",
          "MXN",
          i18n.messages.settings.services.EXPRESS,
          "SVC-4001",
          "",
          "",
        ].join(","),
      ]);
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it("Configuración says a save from the top save bar at the top of the page, in view", async () => {
      const page = await admin.open("/app/settings", locale);
      const s = i18n.messages.settings;
      const notify = page.getByLabel(s.operations.notifyCustomer, { exact: true });
      await poll(() => notify.isVisible()).toBe(true);
      await notify.click();
      const saveBar = page.locator("#sim-save-bar");
      await poll(() => saveBar.isVisible()).toBe(true);
      // Ticking it scrolled the page down to the card, far below the fold; the save bar is on top.
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(
        await submitted(page, "/app/settings", () =>
          saveBar.getByRole("button", { name: locale === "es" ? "Guardar" : "Save", exact: true }).click(),
        ),
      ).toBe(200);
      const notice = page.getByTestId("settings-saved");
      await poll(() => notice.isVisible()).toBe(true);
      expect(await notice.getAttribute("role")).toBe("status");
      expect(await notice.innerText()).toContain(s.operations.saved);
      const inView = () =>
        notice.evaluate((element) => {
          const box = element.getBoundingClientRect();
          // In the viewport, and not under anything (the admin's bar is fixed over the page).
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.top >= 0 && box.bottom <= window.innerHeight && hit !== null && element.contains(hit);
        });
      await poll(inView).toBe(true);
      // Said once, at the top: not again inside the card below.
      expect(await page.getByText(s.operations.saved, { exact: true }).count()).toBe(1);
      await screenshot(page, `settings-saved-${locale}`);
      expect(page.problems).toEqual([]);
      await page.close();
    });
  });
}
