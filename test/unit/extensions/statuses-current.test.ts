import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CANCELLED_REASON_CODES } from "~/fulfillment/core/reason-codes";
import { FULFILLMENT_STATUSES } from "~/fulfillment/core/status";
import { SERVICE_CODES } from "~/svc/service-codes";
import { MERCHANT_OUTCOMES } from "~/fulfillment/actions/merchant-actions.server";
import { STATUSES_FILE, statusesModule } from "../../../scripts/extension-statuses";
import {
  FULFILLMENT_STATUSES as EXTENSION_STATUSES,
  SERVICE_CODES as EXTENSION_SERVICE_CODES,
} from "../../../extensions/shared/statuses.generated";
import { statusLabel } from "../../../extensions/shared/warehouse-status";

describe("the extensions' copy of the fulfilment statuses, the cancelled reasons and the service codes", () => {
  it("is the one scripts/extension-statuses.ts writes from the app's lists (run it after changing them)", () => {
    const committed = fs.readFileSync(path.resolve(STATUSES_FILE), "utf8");
    expect(committed).toBe(statusesModule(FULFILLMENT_STATUSES, CANCELLED_REASON_CODES, SERVICE_CODES, MERCHANT_OUTCOMES));
    expect([...EXTENSION_STATUSES]).toEqual([...FULFILLMENT_STATUSES]);
    expect([...EXTENSION_SERVICE_CODES]).toEqual([...SERVICE_CODES]);
  });

  it("gives every status the app produces its own label, and anything else the fallback", () => {
    for (const status of FULFILLMENT_STATUSES) expect(statusLabel(status)).toEqual({ key: `status.${status}` });
    expect(statusLabel("cancelled")).toEqual({ key: "status.other", params: { status: "cancelled" } });
  });

  it("has a label for every status in both locales of the order-page block", () => {
    for (const file of ["es.json", "en.default.json"]) {
      const locale = JSON.parse(
        fs.readFileSync(path.resolve("extensions/warehouse-status/locales", file), "utf8"),
      ) as { status: Record<string, string> };
      expect(Object.keys(locale.status).sort(), file).toEqual([...FULFILLMENT_STATUSES, "other"].sort());
    }
  });
});
