// `npm run demo` builds the app when there is no build or a source changed after it, and says why;
// a current build is started as it is.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { staleBuildReason } from "../../../scripts/demo-build";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "demo-build-"));
  roots.push(root);
  fs.mkdirSync(path.join(root, "app/routes"), { recursive: true });
  fs.writeFileSync(path.join(root, "app/routes/app.tsx"), "export default 1;\n");
  fs.writeFileSync(path.join(root, "package.json"), "{}\n");
  return root;
}

function touch(file: string, secondsAgo: number): void {
  const at = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, at, at);
}

function build(root: string, secondsAgo: number): void {
  fs.mkdirSync(path.join(root, "build"), { recursive: true });
  fs.writeFileSync(path.join(root, "build/start.js"), "\n");
  touch(path.join(root, "build/start.js"), secondsAgo);
}

describe("the demo's build", () => {
  it("is made when there is none", () => {
    expect(staleBuildReason(project())).toBe("there is no build yet");
  });

  it("is current when every source is older than it", () => {
    const root = project();
    touch(path.join(root, "app/routes/app.tsx"), 120);
    touch(path.join(root, "package.json"), 120);
    build(root, 60);
    expect(staleBuildReason(root)).toBeNull();
  });

  it("is made again, naming the file, when a source in a folder or at the root changed after it", () => {
    const root = project();
    touch(path.join(root, "package.json"), 120);
    build(root, 60);
    expect(staleBuildReason(root)).toBe(`${path.join("app", "routes", "app.tsx")} changed after the last build`);
    touch(path.join(root, "app/routes/app.tsx"), 120);
    touch(path.join(root, "package.json"), 0);
    expect(staleBuildReason(root)).toBe("package.json changed after the last build");
  });
});
