// Admin requests to the built app as the embedded admin sends them: a session token from the
// Shopify library's own test helper and a merchant's browser's user agent (the library answers
// bots 410).
import { RequestType, setUpValidRequest } from "@shopify/shopify-api/test-helpers";
import { expect } from "vitest";
import { MERCHANT_BROWSER } from "../../helpers/browser";
import { SECRET } from "./running-app";

export interface Answer {
  status: number;
  body: string;
}

async function send(base: string, path: string, init: RequestInit): Promise<Answer> {
  const request = await setUpValidRequest(
    { type: RequestType.Bearer, store: "tienda-demo", apiKey: "e2e-api-key", apiSecretKey: SECRET },
    new Request(new URL(path, base), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "user-agent": MERCHANT_BROWSER },
      redirect: "manual",
    }),
  );
  const response = await fetch(request);
  return { status: response.status, body: await response.text() };
}

/** Posts `fields` as a browser posts a form (urlencoded, repeated names kept in order). */
export function postForm(base: string, path: string, fields: [string, string][]): Promise<Answer> {
  return send(base, path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** Opens a page (the document, server-rendered) or a loader's data. */
export function getPage(base: string, path: string): Promise<Answer> {
  return send(base, path, { method: "GET", headers: { accept: "text/html" } });
}

/**
 * A single-fetch answer's data (turbo-stream's flat encoding: objects as {"_key": valueIndex},
 * arrays as value indices, negative indices for null-like values). Enough for the plain data
 * the admin's loaders and actions return; special types (dates, errors) come back as their tag.
 */
export function decodeSingleFetch(body: string): unknown {
  const flat = JSON.parse(body.split("\n", 1)[0]!) as unknown[];
  const seen = new Map<number, unknown>();
  const hydrate = (index: number): unknown => {
    if (index < 0) return null;
    if (seen.has(index)) return seen.get(index);
    const raw = flat[index];
    if (Array.isArray(raw)) {
      if (typeof raw[0] === "string") return raw[0];
      const list: unknown[] = [];
      seen.set(index, list);
      for (const i of raw as number[]) list.push(hydrate(i));
      return list;
    }
    if (raw && typeof raw === "object") {
      const object: Record<string, unknown> = {};
      seen.set(index, object);
      for (const [key, i] of Object.entries(raw as Record<string, number>)) {
        object[String(flat[Number(key.slice(1))])] = hydrate(i);
      }
      return object;
    }
    return raw;
  };
  return hydrate(0);
}

/** An action's data, or a loader's by route id (`routes/app.settings`). */
export function singleFetchData(body: string, route?: string): unknown {
  const answer = decodeSingleFetch(body) as Record<string, { data?: unknown } | unknown>;
  return ((route ? answer[route] : answer) as { data?: unknown }).data;
}

/** The fields a refused settings form names (its answer's `errors`). */
export function refusedFields(body: string): string[] {
  const data = singleFetchData(body) as { ok: boolean; errors?: Record<string, string> };
  expect(data.ok).toBe(false);
  return Object.keys(data.errors ?? {}).sort();
}
