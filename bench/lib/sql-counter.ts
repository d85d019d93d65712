// Counts the SQL statements the app sends: a TCP proxy in front of PostgreSQL that reads the
// frontend side of the wire protocol (https://www.postgresql.org/docs/current/protocol-message-formats.html).
// Each extended-protocol execution (Prisma's queries, through pg) is one Bind message; each simple
// query (pg's BEGIN / COMMIT of a transaction) one Query message. The embedded PostgreSQL has no
// pg_stat_statements, and this counts per client without touching the server's configuration.
import fs from "node:fs";
import net from "node:net";

export interface SqlCounter {
  /** A DATABASE_URL that goes through the proxy. */
  url: string;
  /** Statements seen since start (or the last reset): extended executions and simple queries. */
  counts(): { statements: number; transactions: number };
  reset(): void;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/**
 * Proxies `databaseUrl`'s host and port on a free loopback port and counts what passes. With
 * `log`, every statement's text (a Parse or a simple Query, as sent) is appended to that file, one
 * line each, to see which statements an order costs.
 */
export async function startSqlCounter(databaseUrl: string, opts: { log?: string } = {}): Promise<SqlCounter> {
  const log = opts.log ? fs.openSync(opts.log, "a") : undefined;
  const write = (text: string) => {
    if (log !== undefined) fs.writeSync(log, `${text.replace(/\s+/g, " ").trim()}\n`);
  };
  const target = new URL(databaseUrl);
  let statements = 0;
  let transactions = 0;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let buffer: Buffer = Buffer.alloc(0);
    // The startup (and an SSL or GSS request) comes without a type byte.
    let untyped = true;
    const prepared = new Map<string, string>();
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        if (untyped) {
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          untyped = code === SSL_REQUEST || code === GSS_REQUEST;
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) break;
        const type = String.fromCharCode(buffer[0]!);
        if (type === "B") {
          statements++;
          if (log !== undefined) {
            // Bind: the portal's name, then the prepared statement's (C strings).
            const body = buffer.subarray(5, 1 + length);
            const portalEnd = body.indexOf(0);
            const name = body.subarray(portalEnd + 1, body.indexOf(0, portalEnd + 1)).toString("utf8");
            write(prepared.get(name) ?? `(statement ${name})`);
          }
        } else if (type === "Q") {
          statements++;
          const text = buffer.subarray(5, 1 + length - 1).toString("utf8");
          if (text.trim().toUpperCase().startsWith("BEGIN")) transactions++;
          write(text);
        } else if (type === "P" && log !== undefined) {
          // Parse: the statement's name (a C string), then its text; logged when bound.
          const body = buffer.subarray(5, 1 + length);
          const nameEnd = body.indexOf(0);
          prepared.set(
            body.subarray(0, nameEnd).toString("utf8"),
            body.subarray(nameEnd + 1, body.indexOf(0, nameEnd + 1)).toString("utf8"),
          );
        }
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    counts: () => ({ statements, transactions }),
    reset() {
      write("-- counter reset");
      statements = 0;
      transactions = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (log !== undefined) fs.closeSync(log);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
