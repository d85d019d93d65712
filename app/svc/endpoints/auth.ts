import type { RequestSpec } from "../transport";
import { parseWire } from "../validate";
import { accessTokenOf, authResponseSchema } from "../wire/auth";

/** POST /api/rest/auth: exchanges the API key for a JWT. */
export function authSpec(apiKey: string): RequestSpec<string> {
  return {
    endpoint: "auth",
    method: "POST",
    path: "/api/rest/auth",
    headers: { "x-api-key": apiKey },
    sideEffects: false,
    parse: (json) => accessTokenOf(parseWire(authResponseSchema, json)),
  };
}
