// Each shop's settings, stored as JSON on the Shop row and validated here. Every update bumps
// settingsVersion, which the rate cache keys on, so a rule change is visible at the next quote.
// Money is integer centavos (subunits) and percentages are basis points: never floats.
import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { serviceCodeSchema } from "~/svc/wire/service-code";
import { gidPattern } from "~/shopify/gid";
import { column, sqlOf, statement } from "../sql.server";
import { supportChannelSchema } from "./support-channel";

// The service codes are the service's own, defined once at its edge (app/svc/service-codes.ts).
export { SERVICE_CODES, type ServiceCode } from "~/svc/service-codes";

const centavos = z.number().int().min(0).max(100_000_000);
const centimetres = z.string().regex(/^\d{1,4}(\.\d{1,2})?$/, 'must be centimetres as decimal text, e.g. "12.5"');

/**
 * The longest wait a merchant can set. Shopify's shortest read timeout for a carrier callback is
 * 3 s (shops above 3,000 requests/min); 2.5 s leaves 500 ms for the answer to reach Shopify, so it
 * always lands before Shopify gives up and shows its backup rates.
 */
const MAX_RATE_DEADLINE_MS = 2500;

export const ratesSettingsSchema = z.object({
  /** How long the callback waits for the service before falling back (ms). */
  deadlineMs: z
    .number()
    .int()
    .min(250)
    .max(MAX_RATE_DEADLINE_MS, `must be at most ${MAX_RATE_DEADLINE_MS} ms (Shopify's shortest timeout is 3 s)`)
    .default(2500),
  /** Percentage markup in basis points (1,000 = 10 %); may be negative for a discount. */
  markupBasisPoints: z.number().int().min(-10_000).max(100_000).default(0),
  /** Fixed markup added after the percentage, in centavos. */
  markupFixedCentavos: z.number().int().min(-100_000_000).max(100_000_000).default(0),
  rounding: z.enum(["none", "up_to_peso", "up_to_99"]).default("none"),
  freeShipping: z
    .object({
      minSubtotalCentavos: centavos.nullable().default(null),
      services: z.array(serviceCodeSchema).default([]),
    })
    .default({ minSubtotalCentavos: null, services: [] }),
  hiddenServices: z.array(serviceCodeSchema).default([]),
  /** Names shown at checkout per service; missing ones use the defaults in Spanish. */
  names: z
    .partialRecord(
      serviceCodeSchema,
      z.object({ name: z.string().min(1).max(80), description: z.string().max(200).optional() }),
    )
    .default({}),
  handlingDays: z.number().int().min(0).max(30).default(0),
  onInsufficientStock: z.enum(["no_rates", "quote_anyway"]).default("no_rates"),
  /** On timeouts and service errors: let Shopify show its backup rates (503), or answer fallbackRates. */
  onFailure: z.enum(["backup_rates", "fallback_rates"]).default("backup_rates"),
  fallbackRates: z
    .array(
      z.object({
        service: serviceCodeSchema,
        name: z.string().min(1).max(80),
        priceCentavos: centavos,
        maxDays: z.number().int().min(0).max(60).optional(),
      }),
    )
    .default([]),
  cacheTtlSeconds: z.number().int().min(0).max(3600).default(600),
  /**
   * When the service fails or misses the deadline, answer the last rates quoted for the same cart
   * and destination if they are at most this old (hours); 0 turns it off (issue 23).
   */
  staleMaxAgeHours: z.number().int().min(0).max(168).default(24),
});

const catalogSettingsSchema = z.object({
  dimensionNamespace: z.string().min(1).default("custom"),
  lengthKey: z.string().min(1).default("length"),
  widthKey: z.string().min(1).default("width"),
  heightKey: z.string().min(1).default("height"),
  /** Used for variants with a weight but no dimension metafields; null = none. */
  defaultPackage: z.object({ length: centimetres, width: centimetres, height: centimetres }).nullable().default(null),
  /** Register variants without dimensions anyway (they can't be quoted and can't be completed later). */
  sendWithoutDimensions: z.boolean().default(false),
});

const fulfillmentSettingsSchema = z.object({
  /** Service for orders paid on a rate that did not come from us (e.g. Shopify's backup rates). */
  defaultService: serviceCodeSchema.default("NACIONAL"),
  skipTestOrders: z.boolean().default(true),
  notifyCustomer: z.boolean().default(true),
  /**
   * Where the work comes from (docs/decisions/012-fulfillment-modes.md): "merchant_managed" —
   * the app sends the shop's own fulfilment orders at the warehouse's locations; or
   * "fulfillment_service" — the warehouse is a Shopify fulfilment service with its own location.
   */
  mode: z.enum(["merchant_managed", "fulfillment_service"]).default("merchant_managed"),
  /** Location gids the warehouse fulfils (merchant-managed); empty: the stock location. */
  locationIds: z.array(z.string().regex(gidPattern("Location"), "expected a Location gid")).max(50).default([]),
  /** Minutes each paid order waits before it goes, so early edits and cancellations never reach the warehouse. */
  holdBackMinutes: z.number().int().min(0).max(24 * 60).default(0),
  /** On connecting: also send the open paid orders of the last N days (0: only orders paid from now on). */
  importDays: z.number().int().min(0).max(60).default(0),
  /** Minutes between reconciliations of recently updated orders (a lost webhook never loses an order). */
  reconcileMinutes: z.number().int().min(5).max(24 * 60).default(30),
});

const stockSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  locationId: z.string().nullable().default(null),
  intervalMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(15),
});

const shopSettingsSchema = z.object({
  rates: ratesSettingsSchema.default(ratesSettingsSchema.parse({})),
  catalog: catalogSettingsSchema.default(catalogSettingsSchema.parse({})),
  fulfillment: fulfillmentSettingsSchema.default(fulfillmentSettingsSchema.parse({})),
  stock: stockSettingsSchema.default(stockSettingsSchema.parse({})),
  /** The service's support channel, shown where the merchant must contact the service (issue 33). */
  support: supportChannelSchema.default(supportChannelSchema.parse({})),
});

export type ShopSettings = z.infer<typeof shopSettingsSchema>;
export type RatesSettings = z.infer<typeof ratesSettingsSchema>;
export type FulfillmentSettings = z.infer<typeof fulfillmentSettingsSchema>;
export type StockSettings = z.infer<typeof stockSettingsSchema>;

export const DEFAULT_SETTINGS: ShopSettings = shopSettingsSchema.parse({});

type Db = Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe">;

/** Every job of an order reads it, and every rate callback whose profile is not cached: prepared (ADR 036). */
const SETTINGS = statement<[shop: string], { settings: unknown; version: number }>(
  "shop_settings",
  `SELECT settings, "settingsVersion" AS version FROM "Shop" WHERE domain = $1`,
  (raw) => ({
    settings: column.json(raw, "settings", "shop_settings"),
    version: column.number(raw, "version", "shop_settings"),
  }),
);

/** The shop's settings with defaults filled in, and the version the rate cache keys on. */
export async function getShopSettings({
  db,
  shop,
}: {
  db: Db;
  shop: string;
}): Promise<{ settings: ShopSettings; version: number }> {
  const [row] = await sqlOf(db).rows(SETTINGS, shop);
  if (!row) return { settings: DEFAULT_SETTINGS, version: 0 };
  return { settings: shopSettingsSchema.parse(withCappedDeadline(row.settings)), version: row.version };
}

// A deadline saved before the cap (up to 8,000 ms) is read as the cap, so a stored setting never
// makes the checkout wait past Shopify's timeout, nor fails to load.
function withCappedDeadline(stored: unknown): unknown {
  if (!stored || typeof stored !== "object") return {};
  const { rates } = stored as { rates?: unknown };
  if (!rates || typeof rates !== "object") return stored;
  const { deadlineMs } = rates as { deadlineMs?: unknown };
  if (typeof deadlineMs !== "number" || deadlineMs <= MAX_RATE_DEADLINE_MS) return stored;
  return { ...stored, rates: { ...rates, deadlineMs: MAX_RATE_DEADLINE_MS } };
}

/** A partial update of one or more sections; anything invalid is rejected with zod's issues. */
export type ShopSettingsPatch = { [K in keyof ShopSettings]?: Partial<ShopSettings[K]> };

/**
 * What a form knew when it was read: the settings version it showed, and how to tell which of the
 * fields it writes were changed since (by another session) given the stored settings.
 */
export interface SettingsReadAt {
  /** The settingsVersion the form's values were read at; null when the form did not say. */
  version: number | null;
  /** The names of the fields the form writes whose stored value is no longer the one it was read with. */
  changedSince(stored: ShopSettings): string[];
}

/** A save refused because another session changed what the form writes after it was read. */
export interface SettingsConflict {
  conflict: true;
  /** The form's fields changed since it was read (empty when the form did not say when it was read). */
  changed: string[];
  version: number;
}

type UpdateArgs = { db: Pick<PrismaClient, "$transaction">; shop: string; patch: ShopSettingsPatch };

/**
 * Merges `patch` into the stored settings, validates the result and bumps the version. The row is
 * locked while it is merged, so two saves of different sections at once both keep their change.
 *
 * A form's save passes `readAt`: when the settings changed after the form was read and any field
 * it writes is among the changes, nothing is written and the conflict says which; a change of
 * other fields (another form's) is kept and the save goes ahead.
 */
export function updateShopSettings(args: UpdateArgs): Promise<ShopSettings>;
export function updateShopSettings(
  args: UpdateArgs & { readAt?: SettingsReadAt },
): Promise<ShopSettings | SettingsConflict>;
export async function updateShopSettings({
  db,
  shop,
  patch,
  readAt,
}: UpdateArgs & { readAt?: SettingsReadAt }): Promise<ShopSettings | SettingsConflict> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Shop" WHERE domain = ${shop} FOR UPDATE`;
    const { settings, version } = await getShopSettings({ db: tx, shop });
    if (readAt && readAt.version !== version) {
      // A form that does not say when it was read cannot tell what it would overwrite: refused.
      const changed = readAt.version === null ? [] : readAt.changedSince(settings);
      if (readAt.version === null || changed.length > 0) return { conflict: true as const, changed, version };
    }
    const merged = Object.fromEntries(
      Object.entries(settings).map(([section, values]) => [
        section,
        { ...values, ...(patch[section as keyof ShopSettings] ?? {}) },
      ]),
    );
    const next = shopSettingsSchema.parse(merged);
    await tx.shop.update({ where: { domain: shop }, data: { settings: next, settingsVersion: { increment: 1 } } });
    return next;
  });
}
