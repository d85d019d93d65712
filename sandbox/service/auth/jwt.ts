import { createHmac, timingSafeEqual } from "node:crypto";

interface TokenClaims {
  sub: string;
  iat: number;
  exp: number;
  iss: string;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

const ISSUER = "svc-sandbox";
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

const sign = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest();

/** Issues and checks HS256 JWTs against sandbox time (seconds), so the clock route can expire them. */
export function createTokenIssuer(secret: string, ttlS: number, nowMs: () => number) {
  return {
    issue(clientId: string): string {
      const iat = Math.floor(nowMs() / 1000);
      const claims: TokenClaims = { sub: clientId, iat, exp: iat + ttlS, iss: ISSUER };
      const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
      return `${body}.${sign(secret, body).toString("base64url")}`;
    },

    verify(token: string): VerifyResult {
      const parts = token.split(".");
      if (parts.length !== 3) return { ok: false, reason: "Malformed JWT" };
      const [header, payload, signature] = parts as [string, string, string];
      const expected = sign(secret, `${header}.${payload}`);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: "JWT signature does not verify" };
      }
      let claims: Partial<TokenClaims>;
      try {
        const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown };
        if (head.alg !== "HS256") return { ok: false, reason: "JWT algorithm must be HS256" };
        claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<TokenClaims>;
      } catch {
        return { ok: false, reason: "Malformed JWT" };
      }
      if (typeof claims.sub !== "string" || typeof claims.exp !== "number") {
        return { ok: false, reason: "JWT lacks sub or exp" };
      }
      if (claims.exp <= Math.floor(nowMs() / 1000)) return { ok: false, reason: "JWT expired" };
      return { ok: true, claims: claims as TokenClaims };
    },
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
