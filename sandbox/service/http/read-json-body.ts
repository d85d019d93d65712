import type { IncomingMessage } from "node:http";
import { SandboxHttpError, validationError } from "./sandbox-error";

// Large enough for a 10,000-product catalogue batch, small enough to stop a runaway client.
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Reads and parses a JSON request body; every way it can be wrong is a 4xx, never a crash. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const contentType = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(contentType)) {
    throw validationError("Header content-type must be application/json", "$.headers.content-type");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new SandboxHttpError(413, "payload-too-large", `Request body exceeds ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") throw validationError("Request body is empty; a JSON object is required", "$");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError("Request body is not valid JSON", "$");
  }
}
