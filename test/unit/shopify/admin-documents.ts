/**
 * The Admin GraphQL documents of app/, found the way Shopify's codegen finds them (graphql-tag-pluck
 * with the preset's pluckConfig: template literals opening with `#graphql`, `${...}` left out), and
 * each operation assembled as it is sent: the operation and every fragment it spreads.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gqlPluckFromCodeStringSync } from "@graphql-tools/graphql-tag-pluck";
import { pluckConfig } from "@shopify/api-codegen-preset";
import {
  Kind,
  parse,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from "graphql";

export const ROOT = join(import.meta.dirname, "../../..");
export const ADMIN_DIR = "app/shopify/admin";

/** Every .ts/.tsx source file under `dir` (relative to the repository), generated declarations aside. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

export interface PluckedDefinition {
  file: string;
  definition: DefinitionNode;
}

/** The GraphQL definitions plucked from `file`, as codegen sees them. */
export function pluckDefinitions(file: string): PluckedDefinition[] {
  const code = readFileSync(join(ROOT, file), "utf8");
  const sources = gqlPluckFromCodeStringSync(file, code, {
    ...pluckConfig,
    modules: [],
    globalGqlIdentifierName: [],
    gqlMagicComment: "graphql",
  });
  return sources.flatMap((source) => parse(source.body).definitions.map((definition) => ({ file, definition })));
}

export interface AdminOperation {
  name: string;
  file: string;
  document: DocumentNode;
}

/** Each named operation of `files` with the fragments it spreads (transitively), as one document. */
export function assembleOperations(files: string[]): AdminOperation[] {
  const definitions = files.flatMap(pluckDefinitions);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const { definition } of definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      if (fragments.has(definition.name.value)) throw new Error(`fragment ${definition.name.value} is defined twice`);
      fragments.set(definition.name.value, definition);
    }
  }
  return definitions.flatMap(({ file, definition }) => {
    if (definition.kind !== Kind.OPERATION_DEFINITION) return [];
    const operation: OperationDefinitionNode = definition;
    if (!operation.name) throw new Error(`${file} has an anonymous operation`);
    const used = new Map<string, FragmentDefinitionNode>();
    const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
      visit(node, {
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value);
          if (fragment && !used.has(fragment.name.value)) {
            used.set(fragment.name.value, fragment);
            collect(fragment);
          }
        },
      });
    collect(operation);
    return [
      {
        name: operation.name.value,
        file,
        document: { kind: Kind.DOCUMENT, definitions: [operation, ...used.values()] },
      },
    ];
  });
}
