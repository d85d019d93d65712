import { GraphQLError } from "graphql";

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
}

export type SortValue = string | number;

export interface Connection<V> {
  edges: Array<{ cursor: string; node: V }>;
  nodes: V[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

const MAX_PAGE_SIZE = 250;

/** While a bulk operation runs a page, nested connections need no `first` and return every item. */
let unboundedNested = false;
let depth = 0;

export function withUnboundedNestedPages<T>(run: () => T): T {
  unboundedNested = true;
  depth = 0;
  try {
    return run();
  } finally {
    unboundedNested = false;
  }
}

/**
 * Relay pagination over an in-memory list. Cursors carry the last item's id and sort value, as
 * Shopify's do, so paging stays correct when items are added or deleted between pages.
 */
export function paginate<T, V>(
  items: T[],
  args: ConnectionArgs,
  field: string,
  key: (item: T) => [SortValue, number],
  view: (item: T) => V,
): Connection<V> {
  // In a bulk page the first connection resolved is the paged root; the ones below it are whole.
  const whole = unboundedNested && depth++ > 0;
  if (!whole) checkPageSize(args, field);
  const direction = args.reverse ? -1 : 1;
  const order = (a: [SortValue, number], b: [SortValue, number]) => direction * compareKeys(a, b);
  const sorted = items.map((item) => ({ item, key: key(item) })).sort((a, b) => order(a.key, b.key));
  let window = sorted;
  if (args.after) {
    const after = decodeCursor(args.after);
    window = window.filter((entry) => order(entry.key, after) > 0);
  }
  if (args.before) {
    const before = decodeCursor(args.before);
    window = window.filter((entry) => order(entry.key, before) < 0);
  }
  let page = window;
  if (args.first != null) page = page.slice(0, args.first);
  if (args.last != null) page = page.slice(Math.max(0, page.length - args.last));
  const edges = page.map((entry) => ({ cursor: encodeCursor(entry.key), node: view(entry.item) }));
  const firstIndex = page.length ? sorted.indexOf(page[0]!) : 0;
  const lastIndex = page.length ? sorted.indexOf(page[page.length - 1]!) : -1;
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: page.length ? lastIndex < sorted.length - 1 : false,
      hasPreviousPage: page.length ? firstIndex > 0 : false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

function checkPageSize(args: ConnectionArgs, field: string): void {
  if (args.first == null && args.last == null) {
    throw new GraphQLError("you must provide one of first or last", { extensions: { code: "BAD_REQUEST" } });
  }
  for (const name of ["first", "last"] as const) {
    const size = args[name];
    if (size != null && (size < 0 || size > MAX_PAGE_SIZE)) {
      throw new GraphQLError(
        `Argument '${name}' on Field '${field}' has an invalid value (${size}). Expected a page size from 0 to ${MAX_PAGE_SIZE}.`,
        { extensions: { code: "argumentLiteralsIncompatible" } },
      );
    }
  }
}

function compareKeys(a: [SortValue, number], b: [SortValue, number]): number {
  if (a[0] !== b[0]) {
    if (typeof a[0] === "number" && typeof b[0] === "number") return a[0] - b[0];
    return String(a[0]).localeCompare(String(b[0]));
  }
  return a[1] - b[1];
}

function encodeCursor([value, id]: [SortValue, number]): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: value })).toString("base64");
}

function decodeCursor(cursor: string): [SortValue, number] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as {
      last_id?: unknown;
      last_value?: unknown;
    };
    if (
      typeof parsed.last_id === "number" &&
      (typeof parsed.last_value === "string" || typeof parsed.last_value === "number")
    ) {
      return [parsed.last_value, parsed.last_id];
    }
  } catch {
    // Falls through to Shopify's answer for a cursor it did not issue.
  }
  throw new GraphQLError("Invalid cursor for current pagination sort.", { extensions: { code: "BAD_REQUEST" } });
}
