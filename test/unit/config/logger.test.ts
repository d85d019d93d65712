import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, withLogContext } from "~/logger.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

describe("logger", () => {
  it("adds the request id and shop of the current request to each line", () => {
    const { lines, logger } = capture();
    withLogContext({ requestId: "req-1", shop: "tienda.myshopify.com" }, () => logger.info("quoted"));
    logger.info("outside");
    expect(lines[0]).toMatchObject({ requestId: "req-1", shop: "tienda.myshopify.com", msg: "quoted" });
    expect(lines[1]).not.toHaveProperty("requestId");
  });

  it("redacts secrets wherever they appear", () => {
    const { lines, logger } = capture();
    logger.info({ apiKey: "k-123", client: { accessToken: "t-456" }, headers: { authorization: "Bearer x" } }, "call");
    const text = JSON.stringify(lines[0]);
    expect(text).not.toMatch(/k-123|t-456|Bearer x/);
    expect(text).toContain("[redacted]");
  });
});
