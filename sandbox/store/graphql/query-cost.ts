import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type FieldNode,
  type GraphQLField,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/**
 * Shopify's calculated query cost, closely enough for throttling to behave the same: scalars and
 * enums cost 0, objects 1, a connection 2 plus its page size times the cost of one node,
 * `nodes(ids:)` its number of ids times the cost of one node, and each mutation 10. The requested
 * cost is estimated from the document; the actual cost counts what the response really holds, so
 * a short last page costs less than it asked for, and an id that finds nothing costs nothing.
 */
const MUTATION_COST = 10;

export interface CostInput {
  schema: GraphQLSchema;
  operation: OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

type Data = Record<string, unknown> | null | undefined;

export function requestedQueryCost(input: CostInput): number {
  return operationCost(input, undefined);
}

export function actualQueryCost(input: CostInput, data: Data): number {
  return operationCost(input, data ?? null);
}

function operationCost(input: CostInput, data: Data | undefined): number {
  if (input.operation.operation === "mutation") {
    return collect(input, input.schema.getMutationType()!, input.operation.selectionSet).length * MUTATION_COST;
  }
  return selectionCost(input, input.schema.getQueryType()!, input.operation.selectionSet, data);
}

interface Collected {
  node: FieldNode;
  parent: GraphQLCompositeType;
}

function collect(input: CostInput, parent: GraphQLCompositeType, set: SelectionSetNode): Collected[] {
  const out: Collected[] = [];
  const seen = new Set<string>();
  const walk = (type: GraphQLCompositeType, selections: SelectionSetNode) => {
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        if (!seen.has(key)) out.push({ node: selection, parent: type });
        seen.add(key);
      } else {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? input.fragments[selection.name.value] : selection;
        if (!fragment) continue;
        const condition = fragment.typeCondition ? input.schema.getType(fragment.typeCondition.name.value) : type;
        walk(isCompositeType(condition) ? condition : type, fragment.selectionSet);
      }
    }
  };
  walk(parent, set);
  return out;
}

function selectionCost(
  input: CostInput,
  parent: GraphQLCompositeType,
  set: SelectionSetNode,
  data: Data | undefined,
): number {
  let total = 0;
  for (const { node, parent: type } of collect(input, parent, set)) {
    if (node.name.value.startsWith("__") || !(isObjectType(type) || isInterfaceType(type))) continue;
    const field = type.getFields()[node.name.value];
    if (!field || !node.selectionSet) continue;
    const named = getNamedType(field.type);
    if (!isCompositeType(named)) continue;
    const value = data === undefined ? undefined : data?.[node.alias?.value ?? node.name.value];
    if (data !== undefined && (value === null || value === undefined)) continue;
    if (isConnection(named)) total += connectionCost(input, named, node, value);
    else if (isIdList(field)) total += idListCost(input, named, node, value);
    else total += objectCost(input, named, node, value);
  }
  return total;
}

/** A list looked up by `ids`, such as `nodes(ids:)`: Shopify prices it per id, like a page. */
function isIdList(field: GraphQLField<unknown, unknown>): boolean {
  return isListType(getNullableType(field.type)) && field.args.some((arg) => arg.name === "ids");
}

function idListCost(input: CostInput, type: GraphQLCompositeType, node: FieldNode, value: unknown): number {
  if (value === undefined) {
    const arg = node.arguments?.find((a) => a.name.value === "ids");
    const ids: unknown = arg ? valueFromASTUntyped(arg.value, input.variables) : undefined;
    // A single id where a list is expected is coerced to a list of one, as GraphQL does.
    const count = Array.isArray(ids) ? ids.length : ids == null ? 0 : 1;
    return count * (1 + selectionCost(input, type, node.selectionSet!, undefined));
  }
  // Actual cost: what came back, each found object with what was selected under it.
  const items = Array.isArray(value) ? value : [value];
  return items.reduce<number>(
    (sum, item) =>
      item === null || item === undefined
        ? sum
        : sum + 1 + selectionCost(input, type, node.selectionSet!, item as Data),
    0,
  );
}

function objectCost(input: CostInput, type: GraphQLCompositeType, node: FieldNode, value: unknown): number {
  if (value === undefined) return 1 + selectionCost(input, type, node.selectionSet!, undefined);
  const sample = Array.isArray(value) ? value[0] : value;
  if (sample === undefined || sample === null) return 1;
  return 1 + selectionCost(input, type, node.selectionSet!, sample as Data);
}

function connectionCost(input: CostInput, type: GraphQLCompositeType, node: FieldNode, value: unknown): number {
  const nodesField = isObjectType(type) ? type.getFields()["nodes"] : undefined;
  const nodeType = getNamedType(nodesField!.type) as GraphQLCompositeType;
  const nodeSelections: Array<{ set: SelectionSetNode; read: (connection: Data) => Data[] }> = [];
  for (const { node: child } of collect(input, type, node.selectionSet!)) {
    const key = child.alias?.value ?? child.name.value;
    if (child.name.value === "nodes" && child.selectionSet) {
      nodeSelections.push({ set: child.selectionSet, read: (c) => (c?.[key] as Data[]) ?? [] });
    }
    if (child.name.value === "edges" && child.selectionSet) {
      for (const { node: edgeField } of collect(input, type, child.selectionSet)) {
        if (edgeField.name.value !== "node" || !edgeField.selectionSet) continue;
        const nodeKey = edgeField.alias?.value ?? "node";
        nodeSelections.push({
          set: edgeField.selectionSet,
          read: (c) => ((c?.[key] as Data[]) ?? []).map((edge) => edge?.[nodeKey] as Data),
        });
      }
    }
  }
  if (value === undefined) {
    const size = pageSize(node, input.variables);
    const perNode = Math.max(0, ...nodeSelections.map((s) => 1 + selectionCost(input, nodeType, s.set, undefined)));
    return 2 + size * perNode;
  }
  const costs = nodeSelections.map((s) =>
    s.read(value as Data).reduce<number>((sum, item) => sum + 1 + selectionCost(input, nodeType, s.set, item), 0),
  );
  return 2 + Math.max(0, ...costs);
}

function isConnection(type: GraphQLCompositeType): boolean {
  return isObjectType(type) && type.name.endsWith("Connection") && "pageInfo" in type.getFields();
}

function pageSize(node: FieldNode, variables: Record<string, unknown>): number {
  for (const name of ["first", "last"]) {
    const arg = node.arguments?.find((a) => a.name.value === name);
    const value = arg ? valueFromASTUntyped(arg.value, variables) : undefined;
    if (typeof value === "number") return value;
  }
  return 0;
}
