/**
 * How what the service says about a product becomes a variant's status (pure): created by the
 * app, found already there, found after an unknown outcome, or compared after a change.
 */
import type { MappedProduct } from "./map-variant";
import { measureDifferences, type MeasureDifference, type ServiceDimension } from "./measure-differences";
import { catalogReason, type CatalogReason } from "./reason-codes";
import type { CatalogStatus } from "./status";

/** The service's product lookup element, as far as the sync reads it. */
export interface ServiceProduct {
  id: string;
  sku: string;
  upc?: string | null;
  name?: string | null;
  dimensions?: ServiceDimension;
  dimensionId?: string | null;
}

export interface ServiceVerdict {
  status: CatalogStatus;
  /** The differences themselves are kept beside the reason (`differences`), each worded on the page. */
  reason: CatalogReason | null;
  differences: MeasureDifference[];
}

/** Registered by the app earlier: still in step with the store, or drifted. */
export function verdictForRegistered(
  found: ServiceProduct,
  current: MappedProduct,
  createdByApp: boolean,
): ServiceVerdict {
  const differences = measureDifferences(found.dimensions, current);
  if (differences.length > 0) {
    return {
      status: "drifted",
      reason: catalogReason("changedAfterRegistering"),
      differences,
    };
  }
  return createdByApp
    ? { status: "synced", reason: null, differences }
    : { status: "exists_at_service", reason: alreadyThere(found), differences };
}

/** The SKU was at the service before the app sent it (constraint-violation, then lookup). */
export function verdictForExisting(found: ServiceProduct, current: MappedProduct): ServiceVerdict {
  const differences = measureDifferences(found.dimensions, current);
  if (differences.length > 0) {
    return {
      status: "drifted",
      reason: catalogReason("existedWithOtherData"),
      differences,
    };
  }
  return { status: "exists_at_service", reason: alreadyThere(found), differences };
}

/** Whether a product found at the service is the one the app sent (same name, barcode and measures). */
export function isWhatWasSent(found: ServiceProduct, sent: MappedProduct): boolean {
  return (
    (found.name ?? "") === sent.name &&
    (found.upc ?? "") === sent.upc &&
    measureDifferences(found.dimensions, sent).length === 0
  );
}

function alreadyThere(found: ServiceProduct): CatalogReason {
  return catalogReason("alreadyThere", { sku: found.sku, id: found.id });
}
