/**
 * Typed, prepared SQL on the order path (ADR 036): the few statements every paid order runs go
 * straight to the `pg` pool Prisma's driver adapter uses, as named prepared statements
 * (PostgreSQL parses and plans each once per connection), with no query compiler between. Each
 * statement is declared once, in the module that owns its table, with its text and a check that
 * turns a row into its type; Prisma stays for the pages and the rest.
 *
 * Values cross the wire the same way both ways: a Date parameter is sent as its ISO instant (the
 * app's `timestamp` columns hold UTC, as Prisma writes them), a `timestamp` read comes back as that
 * UTC instant, and a statement casts what pg would return as a string (int8, numeric) to the type
 * its row wants. A client the composition root did not make (a test's second "process") has no
 * pool here: its statements run through Prisma's raw query with the same text and checks.
 */
import { createHash } from "node:crypto";
import pg from "pg";

/** A statement: a unique name (PostgreSQL's prepared-statement name), its text and its row's check. */
export interface Statement<Params extends readonly unknown[], Row> {
  readonly name: string;
  readonly text: string;
  readonly row: (raw: Record<string, unknown>) => Row;
  /** Only for the parameters' type: never set. */
  readonly params?: Params;
}

const names = new Set<string>();

/**
 * Declares a statement. Its name must be unique in the process (two texts under one name would
 * make pg refuse the second on a connection that prepared the first).
 */
export function statement<Params extends readonly unknown[], Row = never>(
  name: string,
  text: string,
  row: (raw: Record<string, unknown>) => Row = () => {
    throw new SqlRowError(name, "a statement declared without rows returned one");
  },
): Statement<Params, Row> {
  if (names.has(name)) throw new Error(`SQL statement "${name}" is declared twice`);
  names.add(name);
  return { name, text, row };
}

/** A row that does not have the shape its statement declares: names the statement and the column. */
class SqlRowError extends Error {
  constructor(statementName: string, detail: string) {
    super(`SQL statement "${statementName}": ${detail}`);
    this.name = "SqlRowError";
  }
}

/** Column checks for a statement's row function. */
export const column = {
  string(raw: Record<string, unknown>, key: string, of: string): string {
    const value = raw[key];
    if (typeof value !== "string") throw new SqlRowError(of, `column "${key}" is not text (${typeof value})`);
    return value;
  },
  nullableString(raw: Record<string, unknown>, key: string, of: string): string | null {
    const value = raw[key];
    if (value === null) return null;
    return column.string(raw, key, of);
  },
  number(raw: Record<string, unknown>, key: string, of: string): number {
    const value = raw[key];
    if (typeof value !== "number" || !Number.isFinite(value))
      throw new SqlRowError(of, `column "${key}" is not a number (${typeof value})`);
    return value;
  },
  date(raw: Record<string, unknown>, key: string, of: string): Date {
    const value = raw[key];
    if (!(value instanceof Date) || Number.isNaN(value.getTime()))
      throw new SqlRowError(of, `column "${key}" is not a timestamp`);
    return value;
  },
  nullableDate(raw: Record<string, unknown>, key: string, of: string): Date | null {
    return raw[key] === null ? null : column.date(raw, key, of);
  },
  json(raw: Record<string, unknown>, key: string, of: string): unknown {
    if (!(key in raw)) throw new SqlRowError(of, `column "${key}" is missing`);
    return raw[key];
  },
} as const;

/** A statement composed from parts at run time (Prisma.sql`…`): its text with $1… and its values. */
interface ComposedSql {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** Runs declared statements. */
export interface Sql {
  /** The rows the statement returns, each checked. */
  rows<Params extends readonly unknown[], Row>(statement: Statement<Params, Row>, ...params: Params): Promise<Row[]>;
  /** How many rows the statement wrote (or returned). */
  count<Params extends readonly unknown[]>(statement: Statement<Params, unknown>, ...params: Params): Promise<number>;
  /**
   * A statement composed at run time (a state change's CTEs, the intake's), each row checked by
   * `row`. Prepared under a name made from its text: callers compose from a bounded set of parts.
   */
  composed<Row>(sql: ComposedSql, row: (raw: Record<string, unknown>) => Row): Promise<Row[]>;
}

/** What a client without a registered pool runs statements through (PrismaClient's raw queries). */
interface RawQueries {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

const pools = new WeakMap<object, { pool: pg.Pool; prepared: boolean }>();

/**
 * Records the pool `db`'s driver adapter uses (app/db.server.ts), so its statements share it;
 * `prepared: false` sends them unnamed (PgBouncer in transaction mode without prepared statements).
 */
export function registerPool(db: object, pool: pg.Pool, opts: { prepared: boolean }): void {
  pools.set(db, { pool, prepared: opts.prepared });
}

const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/** `timestamp` (without time zone) holds UTC in this app: read it as such whatever TZ the process has. */
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    if (oid === TIMESTAMPTZ) return (text: string) => new Date(text);
    return pg.types.getTypeParser(oid, (format ?? "text") as "text");
  },
};

/** Dates as their UTC instant (pg would send local time with an offset a `timestamp` column drops). */
function wireValues(params: readonly unknown[]): unknown[] {
  return params.map((value) => (value instanceof Date ? value.toISOString() : value));
}

/** The statements' runner for `db`: its own pool when the composition root made it, else its raw queries. */
export function sqlOf(db: RawQueries): Sql {
  const registered = pools.get(db);
  if (registered) {
    const { pool, prepared } = registered;
    const query = (statement: Statement<readonly unknown[], unknown>, params: readonly unknown[]) =>
      pool.query({
        ...(prepared ? { name: statement.name } : {}),
        text: statement.text,
        values: wireValues(params),
        types,
      });
    return {
      async rows(statement, ...params) {
        const result = await query(statement, params);
        return result.rows.map((raw: Record<string, unknown>) => statement.row(raw));
      },
      async count(statement, ...params) {
        return (await query(statement, params)).rowCount ?? 0;
      },
      async composed(sql, row) {
        const result = await pool.query({
          ...(prepared ? { name: composedName(sql.text) } : {}),
          text: sql.text,
          values: wireValues(sql.values),
          types,
        });
        return result.rows.map((raw: Record<string, unknown>) => row(raw));
      },
    };
  }
  return {
    async rows(statement, ...params) {
      const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(statement.text, ...wireValues(params));
      return rows.map((raw) => statement.row(raw));
    },
    count(statement, ...params) {
      return db.$executeRawUnsafe(statement.text, ...wireValues(params));
    },
    async composed(sql, row) {
      const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(sql.text, ...sql.values);
      return rows.map((raw) => row(raw));
    },
  };
}

const composedNames = new Map<string, string>();

/** A composed text's prepared-statement name: "c_" and the start of its SHA-1 (kept per text). */
function composedName(text: string): string {
  let name = composedNames.get(text);
  if (!name) {
    name = `c_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    composedNames.set(text, name);
  }
  return name;
}
