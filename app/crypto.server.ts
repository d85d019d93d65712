// Merchant secrets (the service API key) are stored encrypted with AES-256-GCM under
// ENCRYPTION_KEY. The ciphertext format is "v1:<iv>:<tag>:<data>", all base64.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** Encrypts `plaintext` with the 32-byte base64 key. */
export function encryptSecret(plaintext: string, keyBase64: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(keyBase64, "base64"), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
}

/** Decrypts a value made by encryptSecret; throws if it was tampered with or the key is wrong. */
export function decryptSecret(ciphertext: string, keyBase64: string): string {
  const [version, iv, tag, data] = ciphertext.split(":");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Unrecognised secret format");
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(keyBase64, "base64"), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
}
