// `npm run sandbox`: the service sandbox as a process, configured by SANDBOX_* variables.
import { readSandboxEnv } from "./env";
import { createJsonLineLogger } from "./logger";
import { startServiceSandbox } from "./server";

const logger = createJsonLineLogger((line, level) =>
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`),
);

try {
  const options = readSandboxEnv(process.env);
  const sandbox = await startServiceSandbox({ ...options, logger });
  logger.info("service sandbox listening", {
    url: sandbox.url,
    serviceName: options.serviceName,
    clients: options.apiKeys?.length,
    stateFile: options.stateFile ?? null,
  });
  const stop = (signal: string) => {
    logger.info("service sandbox stopping", { signal });
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error("service sandbox failed to stop cleanly", { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
} catch (error) {
  logger.error("service sandbox failed to start", { error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
}
