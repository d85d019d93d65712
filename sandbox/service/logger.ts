/** The little the sandbox logs: start-up, state-file problems and unexpected errors. */
export interface SandboxLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: SandboxLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** One JSON line per event on stdout/stderr, so the output can be piped into any log viewer. */
export function createJsonLineLogger(write: (line: string, level: string) => void): SandboxLogger {
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    write(JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields }), level);
  return { info: log("info"), warn: log("warn"), error: log("error") };
}
