// Each shop's settings, stored as JSON on the Shop row and validated here (their shape:
// settings-schema.ts). Every update bumps settingsVersion, which the rate cache keys on, so a rule
// change is visible at the next quote.
import type { PrismaClient } from "@prisma/client";
import { DEFAULT_SETTINGS, MAX_RATE_DEADLINE_MS, shopSettingsSchema, type ShopSettings } from "./settings-schema";
import { column, sqlOf, statement } from "../sql.server";

// What the settings' readers import with them, from the one module they already read them through.
export {
  DEFAULT_SETTINGS,
  type FulfillmentSettings,
  type RatesSettings,
  type ServiceCode,
  type ShopSettings,
} from "./settings-schema";

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
