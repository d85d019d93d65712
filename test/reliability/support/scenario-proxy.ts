// A proxy in front of the service sandbox that adds the sandbox's fault header
// (x-sandbox-scenario) to the calls a test names, so the app under test is unchanged and unaware.
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Forwards every request to `target`; `scenarioFor` picks the scenario of each (none: as is). */
export function startScenarioProxy(
  target: string,
  scenarioFor: (method: string, url: string, headers: Readonly<Record<string, string>>) => string | undefined,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = { ...req.headers } as Record<string, string>;
      delete headers.host;
      const scenario = scenarioFor(req.method!, req.url!, headers);
      if (scenario) headers["x-sandbox-scenario"] = scenario;
      const upstream = http.request(new URL(req.url!, target), { method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => res.destroy());
      res.on("close", () => upstream.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}
