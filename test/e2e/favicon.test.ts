// The built app serves its icon (issue 33, finding 8): a browser asks every page's origin for
// /favicon.ico, and a missing one printed an 18-line stack trace per page load. Now it is a file
// of the build, answered without touching the router, and the log stays quiet.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appEnv, startApp, type AppProcess } from "../helpers/app-process";
import { createTestDatabase } from "../helpers/test-database";

let app: AppProcess;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "svc-favicon-"));
beforeAll(async () => {
  database = await createTestDatabase("e2e-favicon");
  app = await startApp({ env: appEnv({ DATABASE_URL: database.url, LOG_LEVEL: "info" }), cwd });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await database?.drop();
  fs.rmSync(cwd, { recursive: true, force: true });
});

describe("GET /favicon.ico", () => {
  it("answers the app's icon, and logs no error or stack trace for it", async () => {
    const before = app.output().length;
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${app.url}/favicon.ico`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      // An ICO file: reserved 0, type 1 (icon), one image.
      expect([...bytes.slice(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    }
    // The health check's answer is logged after the icon's: nothing the icon wrote is still to come.
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const logged = app.output().slice(before);
    expect(logged).not.toMatch(/\n\s+at /);
    expect(logged).not.toMatch(/favicon[^\n]*(error|Error|404)|"level":(50|40)/);
  });
});
