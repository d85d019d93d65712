import { describe, expect, it } from "vitest";
import { postOrderAction } from "../../../extensions/shared/app-api";

const answering = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe("the order-page block's actions to the app", () => {
  it("keeps a refusal's code and text parameters, for the block to word it in the merchant's language", async () => {
    const answer = await postOrderAction(
      "gid://shopify/Order/1003",
      { action: "confirm", recordId: "0b7e3f0e-2d1c-4a55-9a0e-6c0f6f7d1a01", exists: true, svcOrderId: "x" },
      answering(409, {
        ok: false,
        error: "the service has no order x",
        code: "serviceHasNoOrder",
        params: { svcOrderId: "x", count: 3 },
      }),
    );
    expect(answer).toEqual({
      ok: false,
      error: "the service has no order x",
      code: "serviceHasNoOrder",
      params: { svcOrderId: "x" },
    });
  });

  it("answers an older app's refusal without a code as it came", async () => {
    const answer = await postOrderAction(
      "gid://shopify/Order/1003",
      { action: "retry", recordId: "0b7e3f0e-2d1c-4a55-9a0e-6c0f6f7d1a01" },
      answering(409, { ok: false, error: "not retryable" }),
    );
    expect(answer).toEqual({ ok: false, error: "not retryable" });
  });
});
