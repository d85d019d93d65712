import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyShopifyHmac } from "~/shopify/verify-hmac.server";

const secret = "test-api-secret";
const body = new TextEncoder().encode('{"rate":{"items":[]}}');
const sign = (bytes: Uint8Array, key = secret) => createHmac("sha256", key).update(bytes).digest("base64");

describe("verifyShopifyHmac", () => {
  it("accepts the signature of the exact raw body", () => {
    expect(verifyShopifyHmac({ rawBody: body, signature: sign(body), secret })).toBe(true);
  });

  it("refuses a signature made with another secret", () => {
    expect(verifyShopifyHmac({ rawBody: body, signature: sign(body, "other"), secret })).toBe(false);
  });

  it("refuses a body changed by one byte", () => {
    const changed = body.slice();
    changed[5] ^= 1;
    expect(verifyShopifyHmac({ rawBody: changed, signature: sign(body), secret })).toBe(false);
  });

  it("accepts the previous secret during a rotation, and still refuses any other", () => {
    const previousSecret = "secret-before-rotation";
    expect(verifyShopifyHmac({ rawBody: body, signature: sign(body, previousSecret), secret, previousSecret })).toBe(true);
    expect(verifyShopifyHmac({ rawBody: body, signature: sign(body), secret, previousSecret })).toBe(true);
    expect(verifyShopifyHmac({ rawBody: body, signature: sign(body, "other"), secret, previousSecret })).toBe(false);
    // Without a previous secret configured, one signed with it is refused.
    expect(verifyShopifyHmac({ rawBody: body, signature: sign(body, previousSecret), secret })).toBe(false);
  });

  it.each([null, undefined, "", "not base64!", "AAAA", sign(body).slice(0, -2), `${sign(body)}AA`])(
    "refuses a missing or malformed signature %j",
    (signature) => {
      expect(verifyShopifyHmac({ rawBody: body, signature, secret })).toBe(false);
    },
  );
});
