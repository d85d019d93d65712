import { Kind, print, type ASTNode, type DocumentNode, type GraphQLError, type SelectionSetNode } from "graphql";

/**
 * Shopify runs graphql-ruby, whose errors read differently from graphql-js's. The app's error
 * handling (and its logs) should meet the real wording and codes, so the common validation and
 * variable errors are rewritten here; anything else keeps graphql-js's message.
 */
export interface ShopifyError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

interface ArgumentInfo {
  field: string;
  argument: string;
}

interface DocumentIndex {
  paths: Map<ASTNode, string[]>;
  arguments: Map<ASTNode, ArgumentInfo>;
}

export function indexDocument(document: DocumentNode): DocumentIndex {
  const index: DocumentIndex = { paths: new Map(), arguments: new Map() };
  const walk = (set: SelectionSetNode | undefined, path: string[]) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        const here = [...path, selection.alias?.value ?? selection.name.value];
        index.paths.set(selection, here);
        for (const argument of selection.arguments ?? []) {
          const info = { field: selection.name.value, argument: argument.name.value };
          index.paths.set(argument, [...here, argument.name.value]);
          index.arguments.set(argument, info);
          index.arguments.set(argument.value, info);
          index.paths.set(argument.value, [...here, argument.name.value]);
        }
        walk(selection.selectionSet, here);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const here = [...path, selection.typeCondition ? `... on ${selection.typeCondition.name.value}` : "..."];
        index.paths.set(selection, here);
        walk(selection.selectionSet, here);
      } else {
        index.paths.set(selection, [...path, `... ${selection.name.value}`]);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      const label = definition.name ? `${definition.operation} ${definition.name.value}` : definition.operation;
      index.paths.set(definition, [label]);
      walk(definition.selectionSet, [label]);
    } else if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      const label = `fragment ${definition.name.value}`;
      index.paths.set(definition, [label]);
      walk(definition.selectionSet, [label]);
    }
  }
  return index;
}

type Rule = (
  match: RegExpExecArray,
  error: GraphQLError,
  index: DocumentIndex,
) => Omit<ShopifyError, "locations" | "path">;

const bare = (type: string) => type.replace(/[[\]!]/g, "");

const RULES: Array<[RegExp, Rule]> = [
  [
    /^Cannot query field "(.+?)" on type "(.+?)"\./,
    ([, field, type]) => ({
      message: `Field '${field}' doesn't exist on type '${type}'`,
      extensions: { code: "undefinedField", typeName: type, fieldName: field },
    }),
  ],
  [
    /^Unknown argument "(.+?)" on field "(?:.+?)\.(.+?)"\./,
    ([, argument, field]) => ({
      message: `Field '${field}' doesn't accept argument '${argument}'`,
      extensions: { code: "argumentNotAccepted", name: field, typeName: "Field", argumentName: argument },
    }),
  ],
  [
    /^Field "(.+?)" argument "(.+?)" of type "(.+?)" is required, but it was not provided\./,
    ([, field, argument]) => ({
      message: `Field '${field}' is missing required arguments: ${argument}`,
      extensions: { code: "missingRequiredArguments", className: "Field", name: field, arguments: argument },
    }),
  ],
  [
    /^Field "(.+?)" of type "(.+?)" must have a selection of subfields/,
    ([, field, type]) => ({
      message: `Field must have selections (field '${field}' returns ${bare(type!)} but has no selections. Did you mean '${field} { ... }'?)`,
      extensions: { code: "selectionMismatch", nodeName: `field '${field}'`, typeName: bare(type!) },
    }),
  ],
  [
    /^Field "(.+?)" must not have a selection since type "(.+?)" has no subfields\./,
    ([, field, type]) => ({
      message: `Selections can't be made on scalars (field '${field}' returns ${bare(type!)} but has selections)`,
      extensions: { code: "selectionMismatch", nodeName: `field '${field}'`, typeName: bare(type!) },
    }),
  ],
  [
    /^Unknown type "(.+?)"\./,
    ([, type]) => ({
      message: `No such type ${type}, so it can't be a fragment condition`,
      extensions: { code: "undefinedType", typeName: type },
    }),
  ],
  [
    /^Variable "\$(.+?)" is never used(?: in operation "(.+?)")?\./,
    ([, variable, operation]) => ({
      message: `Variable $${variable} is declared by ${operation ?? "anonymous query"} but not used`,
      extensions: { code: "variableNotUsed", variableName: variable },
    }),
  ],
  [
    /^Variable "\$(.+?)" is not defined(?: by operation "(.+?)")?\./,
    ([, variable, operation]) => ({
      message: `Variable $${variable} is used by ${operation ?? "anonymous query"} but not declared`,
      extensions: { code: "variableNotDefined", variableName: variable },
    }),
  ],
  [
    /^Variable "\$(.+?)" of type "(.+?)" used in position expecting type "(.+?)"\./,
    ([, variable, given, expected], error, index) => {
      const argument = error.nodes?.map((node) => index.arguments.get(node)).find(Boolean)?.argument ?? variable;
      const kind = bare(given!) === bare(expected!) ? "Nullability" : "Type";
      return {
        message: `${kind} mismatch on variable $${variable} and argument ${argument} (${given} / ${expected})`,
        extensions: {
          code: "variableMismatch",
          variableName: variable,
          typeName: given,
          argumentName: argument,
          errorMessage: `${kind} mismatch`,
        },
      };
    },
  ],
  [
    /^(?:Expected value of type "(.+?)"|(\w+) cannot represent|Enum "(\w+)" cannot represent|Value .+? does not exist in "(\w+)" enum)/,
    (match, error, index) => {
      const type = match[1] ?? match[2] ?? match[3] ?? match[4] ?? "unknown";
      const node = error.nodes?.[0];
      const info = node ? index.arguments.get(node) : undefined;
      return {
        message: `Argument '${info?.argument ?? "?"}' on Field '${info?.field ?? "?"}' has an invalid value (${node ? print(node) : "?"}). Expected type '${type}'.`,
        extensions: { code: "argumentLiteralsIncompatible", typeName: "Field", argumentName: info?.argument },
      };
    },
  ],
];

/** Rewrites a graphql-js validation error into the shape and words Shopify answers with. */
export function toShopifyValidationError(error: GraphQLError, index: DocumentIndex): ShopifyError {
  const located = {
    locations: error.locations?.map(({ line, column }) => ({ line, column })),
    path: error.nodes?.map((node) => index.paths.get(node)).find(Boolean),
  };
  for (const [pattern, rule] of RULES) {
    const match = pattern.exec(error.message);
    if (match) return order({ ...rule(match, error, index), ...located });
  }
  return order({ message: error.message, ...located, extensions: { code: "validationError" } });
}

/** graphql-js variable coercion errors, as Shopify's INVALID_VARIABLE errors. */
export function toShopifyVariableError(error: GraphQLError, declaredTypes: Map<string, string>): ShopifyError {
  const match =
    /^Variable "\$(\w+)" (?:got invalid value (.*?)(?: at "(.+?)")?; (.*)|of (?:required|non-null) type "(.+?)" (?:was not provided|must not be null)\.)$/s.exec(
      error.message,
    );
  if (!match)
    return order({ message: error.message, locations: error.locations?.map(({ line, column }) => ({ line, column })) });
  const [, variable, , at, detail] = match;
  const missingField = detail ? /Field "(.+?)" of required type "(.+?)" was not provided\./.exec(detail) : null;
  const problemPath = [...(at ? at.split(".").slice(1) : []), ...(missingField ? [missingField[1]!] : [])];
  const explanation =
    !detail || missingField || /must not be null/.test(detail) ? "Expected value to not be null" : detail;
  const type = declaredTypes.get(variable!) ?? match[5] ?? "unknown";
  return order({
    message: `Variable $${variable} of type ${type} was provided invalid value${problemPath.length ? ` for ${problemPath.join(".")}` : ""} (${explanation})`,
    locations: error.locations?.map(({ line, column }) => ({ line, column })),
    extensions: { code: "INVALID_VARIABLE", problems: [{ path: problemPath, explanation }] },
  });
}

/** Errors from resolvers (bad ids, page sizes) keep their message and code. */
export function toShopifyExecutionError(error: GraphQLError): ShopifyError {
  return order({
    message: error.message,
    locations: error.locations?.map(({ line, column }) => ({ line, column })),
    path: error.path ? [...error.path] : undefined,
    extensions: error.extensions && Object.keys(error.extensions).length ? { ...error.extensions } : undefined,
  });
}

function order(error: ShopifyError): ShopifyError {
  const out: ShopifyError = { message: error.message };
  if (error.locations?.length) out.locations = error.locations;
  if (error.path) out.path = error.path;
  if (error.extensions) out.extensions = error.extensions;
  return out;
}
