import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "~/crypto.server";

const key = Buffer.alloc(32, 1).toString("base64");
const otherKey = Buffer.alloc(32, 2).toString("base64");

describe("secret encryption", () => {
  it("round-trips a secret and never stores it in clear", () => {
    const stored = encryptSecret("svc-live-key-123", key);
    expect(stored).not.toContain("svc-live-key-123");
    expect(decryptSecret(stored, key)).toBe("svc-live-key-123");
  });

  it("gives a different ciphertext each time (random IV)", () => {
    expect(encryptSecret("same", key)).not.toBe(encryptSecret("same", key));
  });

  it("refuses a ciphertext that was altered or a wrong key", () => {
    const stored = encryptSecret("secret", key);
    const parts = stored.split(":");
    parts[3] = Buffer.from("tampered").toString("base64");
    expect(() => decryptSecret(parts.join(":"), key)).toThrow();
    expect(() => decryptSecret(stored, otherKey)).toThrow();
    expect(() => decryptSecret("plain-text", key)).toThrow(/format/);
  });
});
