// Every relative link in the README and docs/ points at a file that exists, and every #anchor at a
// heading of that file (GitHub's slugs), so moving a section never leaves a reader at a dead end.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../../..");
const documents = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function linksOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

describe("links in the README and docs/", () => {
  it("the README stays short enough to read in five minutes", () => {
    expect(fs.statSync(path.join(root, "README.md")).size).toBeLessThan(15 * 1024);
  });

  for (const document of documents) {
    it(`every relative link of ${document} resolves`, () => {
      const from = path.join(root, document);
      const broken: string[] = [];
      for (const link of linksOf(from)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:, shopify:
        const [target, anchor] = link.split("#") as [string, string | undefined];
        const file = target === "" ? from : path.resolve(path.dirname(from), decodeURIComponent(target));
        if (!fs.existsSync(file)) {
          broken.push(`${link} (no such file)`);
          continue;
        }
        if (anchor && file.endsWith(".md") && !anchorsOf(file).has(anchor)) {
          broken.push(`${link} (no such heading)`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
