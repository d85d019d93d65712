// The server's configuration, read once as a process starts (`npm start`, `npm run dev:server`):
// a wrong or missing variable ends the process with what was wrong, before anything listens.
import { EnvError, parseEnv, type Env } from "../app/env.server";

export function serverEnvOrExit(): Env {
  try {
    return parseEnv(process.env, { server: true });
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\nSee .env.example for what each variable means.\n`);
    process.exit(1);
  }
}
