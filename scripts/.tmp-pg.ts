import { startEmbeddedPostgres } from "../server/database";
const db = await startEmbeddedPostgres({ dataDir: "/tmp/codesgen/pgdata", logger: { info() {}, warn() {}, error() {} } as never });
console.log(JSON.stringify(db));
process.stdin.resume();
