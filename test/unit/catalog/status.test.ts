import { describe, expect, it } from "vitest";
import type { VariantMapping } from "~/catalog/map-variant";
import { PENDING_CHECK, PENDING_NEW, statusAfterRead, type StoredVariantState } from "~/catalog/status";

const ready: VariantMapping = {
  kind: "ready",
  dimensionsSource: "product",
  product: { sku: "A", upc: "", name: "A" },
};
const skipped: VariantMapping = { kind: "skipped", code: "no_weight", reason: { code: "noWeight", params: {} } };
const stored = (overrides: Partial<StoredVariantState>): StoredVariantState => ({
  status: "synced",
  sku: "A",
  svcProductId: "svc-1",
  currentHash: "h1",
  ...overrides,
});

describe("statusAfterRead", () => {
  it("queues a new variant that can be sent, and skips one that cannot, with its reason", () => {
    expect(statusAfterRead({ existing: null, sku: "A", mapping: ready, mappingHash: "h1" })).toEqual({
      status: "pending",
      reason: PENDING_NEW,
      dropRegistration: false,
    });
    expect(statusAfterRead({ existing: null, sku: "A", mapping: skipped, mappingHash: null })).toEqual({
      status: "skipped",
      reason: { code: "noWeight", params: {} },
      dropRegistration: false,
    });
  });

  it("leaves a registered variant alone when nothing it was mapped from changed", () => {
    for (const status of ["synced", "exists_at_service", "drifted"]) {
      expect(
        statusAfterRead({ existing: stored({ status }), sku: "A", mapping: ready, mappingHash: "h1" }).status,
      ).toBe(status);
    }
  });

  it("queues a registered variant for comparison with the service when its mapping changed", () => {
    expect(statusAfterRead({ existing: stored({}), sku: "A", mapping: ready, mappingHash: "h2" })).toEqual({
      status: "pending",
      reason: PENDING_CHECK,
      dropRegistration: false,
    });
  });

  it("keeps the registration of a variant that can no longer be sent, and says it stays at the service", () => {
    const next = statusAfterRead({ existing: stored({}), sku: "A", mapping: skipped, mappingHash: null });
    expect(next).toMatchObject({ status: "skipped", dropRegistration: false });
    expect(next.reason).toEqual({ code: "noWeight", params: { stillRegistered: "true" } });
  });

  it("drops the registration when the SKU changed: the new SKU is a new product at the service", () => {
    expect(
      statusAfterRead({
        existing: stored({}),
        sku: "B",
        mapping: { ...ready, product: { ...ready.product, sku: "B" } },
        mappingHash: "h3",
      }),
    ).toEqual({
      status: "pending",
      reason: PENDING_NEW,
      dropRegistration: true,
    });
  });

  it("retries a variant the service refused once it is read again", () => {
    expect(
      statusAfterRead({
        existing: stored({ status: "failed", svcProductId: null }),
        sku: "A",
        mapping: ready,
        mappingHash: "h1",
      }).status,
    ).toBe("pending");
  });
});
