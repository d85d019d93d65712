// Sentences live only in the i18n catalogues (issue 22, item 2): a page's words come from
// app/i18n (or the extensions' locales), so every page reads in the merchant's language. This scans
// app/routes and app/components with the TypeScript compiler and fails, naming file and line, on
// words written into the code where a merchant reads them: JSX text, string-literal props that
// Polaris shows (label, title, content, helpText, placeholder, accessibilityLabel…) — on an element
// or inside an object such as `primaryAction={{ content: "…" }}` — and string-literal children
// `{"…"}`. Strings without a letter ("—", "·", "×") are not words; NOT_WORDS lists, file by file,
// the few with letters that are not language (an example domain, a unit symbol), and an entry whose
// string is no longer there fails.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Props whose string a merchant reads (Polaris and HTML). */
const SHOWN_PROPS = new Set([
  "label",
  "title",
  "content",
  "helpText",
  "placeholder",
  "accessibilityLabel",
  "alt",
  "aria-label",
  "aria-description",
  "heading",
  "subtitle",
  "description",
  "error",
  "message",
  "emptyStateText",
  "prefix",
  "suffix",
  "labelAction",
  "badge",
  "actionHint",
  "secondaryActionLabel",
]);

/** Strings with letters that are no language — unit symbols and the currency's ISO code — file by file. */
const NOT_WORDS: Record<string, readonly string[]> = {
  "app/components/quotes-chart.tsx": ["(ms)", "ms"],
  "app/routes/app.rates/rate-test-fields.tsx": ["MXN"],
  "app/routes/app.settings/rates-card.tsx": ["MXN", "ms", "s", "h"],
};

const HAS_LETTER = /\p{L}/u;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

const propName = (name: ts.PropertyName | ts.JsxAttributeName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/** The literal strings an expression can evaluate to, seen through `a ? "x" : "y"`, `a ?? "x"`, `a || "x"` and parentheses. */
function literalsOf(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteralLike(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((span) => span.literal)];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind))
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  return [];
}

const textOf = (node: ts.Node): string =>
  ts.isJsxText(node) ? node.text : ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) ? node.text : "";

/** `file:line: text` for each word written into `source` where a page shows it. */
export function writtenWords(file: string, source: string): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const text = textOf(node).replace(/\s+/g, " ").trim();
    if (!HAS_LETTER.test(text)) return;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    found.push(`${file}:${line}: ${text}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      literalsOf(node.expression).forEach(report);
    } else if (ts.isJsxAttribute(node) && node.initializer && SHOWN_PROPS.has(propName(node.name) ?? "")) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) report(value);
      else if (ts.isJsxExpression(value) && value.expression) literalsOf(value.expression).forEach(report);
    } else if (ts.isPropertyAssignment(node) && SHOWN_PROPS.has(propName(node.name) ?? "") && insideJsx(node)) {
      literalsOf(node.initializer).forEach(report);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function insideJsx(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isJsxAttribute(at) || ts.isJsxExpression(at)) return true;
    if (ts.isFunctionLike(at) || ts.isSourceFile(at)) return false;
  }
  return false;
}

const textOfUse = (use: string) => use.split(": ").slice(1).join(": ");

describe("merchant words come from app/i18n", () => {
  const files = [...sourceFiles("app/routes"), ...sourceFiles("app/components")];
  const found = files.map((file) => [file, writtenWords(file, fs.readFileSync(file, "utf8"))] as const);

  it("finds no words written into a page's code outside app/i18n", () => {
    const offences = found.flatMap(([file, uses]) =>
      uses.filter((use) => !(NOT_WORDS[file] ?? []).includes(textOfUse(use))),
    );
    expect(offences, `put these words in app/i18n's catalogues and use them by key:\n${offences.join("\n")}`).toEqual(
      [],
    );
  });

  it("exempts as no language only strings the file still holds", () => {
    const stale = Object.entries(NOT_WORDS).flatMap(([file, texts]) => {
      const held = (found.find(([name]) => name === file)?.[1] ?? []).map(textOfUse);
      return texts.filter((text) => !held.includes(text)).map((text) => `${file}: ${text}`);
    });
    expect(stale, `remove from NOT_WORDS:\n${stale.join("\n")}`).toEqual([]);
  });

  it("reports JSX text, shown props and literal children with their line, and passes keys, symbols and code", () => {
    const source = [
      "export const A = () => (",
      "  <Card>",
      "    <Text as=\"h2\">Iniciar sesión</Text>",
      "    <TextField label=\"Shop domain\" name=\"shop\" autoComplete=\"on\" value={v} />",
      "    <Button primaryAction={{ content: ok ? \"Guardar\" : m.save }} />",
      "    {\"Loading…\"}",
      "    <Banner title={`Hola ${name}`} tone=\"critical\" />",
      "    <Text as=\"p\">{m.title} — {i18n.format(m.count, { n: 2 })} ·</Text>",
      "    <Badge tone={error ? \"critical\" : \"info\"}>{m.status}</Badge>",
      "  </Card>",
      ");",
      "const notShown = { label: \"internal\" };",
    ].join("\n");
    expect(writtenWords("a.tsx", source)).toEqual([
      "a.tsx:3: Iniciar sesión",
      "a.tsx:4: Shop domain",
      "a.tsx:5: Guardar",
      "a.tsx:6: Loading…",
      "a.tsx:7: Hola",
    ]);
  });
});
