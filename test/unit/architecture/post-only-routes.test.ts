// A GET to a URL the app only POSTs to (a readiness form's action, Shopify's fulfilment-service
// callback) was answered by Remix's "no loader" error: 400 "Unexpected Server Error" and a stack
// trace in the log for each try. Every route Remix serves that has an action also has a loader;
// one that is only POSTed to uses postOnlyLoader (a clean 405 naming POST). The webhooks/ routes
// are not served by Remix but by server/webhook-http.ts, which refuses a GET itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postOnlyLoader } from "~/http/post-only";

const ROUTES = path.resolve(__dirname, "../../../app/routes");

/** Each route module: a top-level file, or a folder's route.tsx/route.ts. */
function routeModules(): string[] {
  return readdirSync(ROUTES, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return /\.(ts|tsx)$/.test(entry.name) ? [entry.name] : [];
    return ["route.tsx", "route.ts"]
      .map((file) => path.join(entry.name, file))
      .filter((file) => {
        try {
          readFileSync(path.join(ROUTES, file));
          return true;
        } catch {
          return false;
        }
      });
  });
}

const exports = (source: string, name: string) =>
  new RegExp(`export\\s+(const|let|async\\s+function|function)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(source);

describe("routes only POSTed to", () => {
  it("have a loader whenever Remix serves their action (webhooks/ aside)", () => {
    const modules = routeModules();
    expect(modules).toEqual(expect.arrayContaining(["app.readiness.tsx", path.join("app.settings", "route.tsx")]));
    const withoutLoader = modules
      .filter((file) => !file.startsWith("webhooks."))
      .filter((file) => {
        const source = readFileSync(path.join(ROUTES, file), "utf8");
        return exports(source, "action") && !exports(source, "loader");
      });
    expect(withoutLoader).toEqual([]);
  });

  it("answer a GET with a clean 405 naming POST", async () => {
    const response = postOnlyLoader();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ error: "use POST" });
  });
});
