/**
 * Per-variant status of the catalogue sync and how a fresh read of the variant moves it (pure).
 *
 * pending            the app has work to do: register it, or compare it with the service
 * synced             registered by the app; the service holds what the store holds
 * exists_at_service  the SKU was already at the service when the app tried to register it
 * skipped            not sent, with the reason (no SKU, no weight, duplicate SKU, deleted, ...)
 * failed             the service refused it (e.g. permission-error), with its message
 * drifted            registered, but weight or dimensions changed since; the service can't update
 */
import type { VariantMapping } from "./map-variant";
import { catalogReason, stillRegistered, type CatalogReason } from "./reason-codes";

export const CATALOG_STATUSES = ["pending", "synced", "exists_at_service", "skipped", "failed", "drifted"] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

export function isCatalogStatus(value: unknown): value is CatalogStatus {
  return typeof value === "string" && (CATALOG_STATUSES as readonly string[]).includes(value);
}

/** What the database holds for a variant before a new read. */
export interface StoredVariantState {
  status: string;
  sku: string | null;
  svcProductId: string | null;
  /** Hash of the product mapping stored in `current`, null when it was skipped. */
  currentHash: string | null;
}

export interface StatusAfterRead {
  status: CatalogStatus;
  reason: CatalogReason | null;
  /** The SKU changed: the service's product belongs to the old SKU, so the link is dropped. */
  dropRegistration: boolean;
}

export const PENDING_NEW = catalogReason("pendingNew");
/** @internal */
export const PENDING_CHECK = catalogReason("pendingCheck");
const REGISTERED_STATUSES: readonly string[] = ["synced", "exists_at_service", "drifted"];

/** The status a variant gets once it has been read again from Shopify and mapped. */
export function statusAfterRead(args: {
  existing: StoredVariantState | null;
  /** The variant's SKU as read now (trimmed; null when blank). */
  sku: string | null;
  mapping: VariantMapping;
  mappingHash: string | null;
}): StatusAfterRead {
  const { existing, sku, mapping, mappingHash } = args;
  const registered = existing?.svcProductId != null && existing.sku === sku;
  if (!existing || !registered) {
    const dropRegistration = existing?.svcProductId != null;
    return mapping.kind === "ready"
      ? { status: "pending", reason: PENDING_NEW, dropRegistration }
      : { status: "skipped", reason: mapping.reason, dropRegistration };
  }
  if (mapping.kind === "skipped") {
    // Registered before; the link stays, since the service keeps the product whatever happens here.
    return {
      status: "skipped",
      reason: stillRegistered(mapping.reason),
      dropRegistration: false,
    };
  }
  if (REGISTERED_STATUSES.includes(existing.status) && mappingHash !== null && mappingHash === existing.currentHash) {
    return { status: existing.status as CatalogStatus, reason: null, dropRegistration: false };
  }
  return { status: "pending", reason: PENDING_CHECK, dropRegistration: false };
}
