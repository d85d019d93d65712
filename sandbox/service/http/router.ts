import type { Route } from "../context";
import { SandboxHttpError } from "./sandbox-error";

export type RouteMatch = { route: Route; params: Record<string, string> };

/** Matches a path against route patterns; a wrong method on a known path is a 405, not a 404. */
export function createRouter(routes: readonly Route[]) {
  const compiled = routes.map((route) => ({ route, segments: route.pattern.split("/").filter(Boolean) }));

  return function match(method: string, pathname: string): RouteMatch | undefined {
    const parts = pathname.split("/").filter(Boolean);
    const allowed: string[] = [];
    for (const { route, segments } of compiled) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const fits = segments.every((segment, i) => {
        const part = parts[i]!;
        if (!segment.startsWith(":")) return segment === part;
        try {
          params[segment.slice(1)] = decodeURIComponent(part);
        } catch {
          throw new SandboxHttpError(400, "validation-error", "Path is not valid percent-encoding", "$");
        }
        return true;
      });
      if (!fits) continue;
      if (route.method === method) return { route, params };
      allowed.push(route.method);
    }
    if (allowed.length > 0) {
      throw new SandboxHttpError(405, "method-not-allowed", `Use ${allowed.join(" or ")} on ${pathname}`, "$", {
        allow: allowed.join(", "),
      });
    }
    return undefined;
  };
}
