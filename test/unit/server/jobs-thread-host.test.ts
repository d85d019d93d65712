import { EventEmitter } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startJobsThread, type JobsThread } from "../../../server/jobs-thread-host";

// A stand-in for build/jobs-thread.js that speaks the same protocol: it records every message it
// gets in a file, answers "stop" with "stopped", and on its first start dies at once (a crash).
const THREAD = `
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
const { log, concurrency } = workerData;
const starts = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\\n").filter((l) => l.startsWith("start")).length : 0;
fs.appendFileSync(log, "start " + concurrency + "\\n");
if (starts === 0) process.exit(3);
parentPort.on("message", (m) => {
  fs.appendFileSync(log, JSON.stringify(m) + "\\n");
  if (m.type === "stop") { parentPort.postMessage({ type: "stopped" }); parentPort.close(); }
});
`;

let thread: JobsThread | undefined;
afterEach(async () => {
  await thread?.stop();
  thread = undefined;
});

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the job worker's thread", () => {
  it("is started again when it dies, gets the serving thread's enqueued signals, and is stopped in order", async () => {
    // GIVEN a thread file whose first start crashes
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-thread-"));
    const threadFile = path.join(dir, "thread.mjs");
    const log = path.join(dir, "log");
    fs.writeFileSync(threadFile, THREAD);
    const errors: unknown[] = [];
    const jobSignals = new EventEmitter();
    // WHEN the host starts it
    thread = startJobsThread({
      threadFile,
      data: { concurrency: 7, log } as never,
      entry: { jobSignals, stopServing: async () => {} },
      logger: { info: () => {}, error: (obj: unknown) => errors.push(obj) } as never,
    });
    const lines = () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n") : []);
    // THEN the crash is logged and a second thread starts (after about a second)
    await until(() => lines().filter((l) => l.startsWith("start")).length === 2);
    expect(lines().slice(0, 2)).toEqual(["start 7", "start 7"]);
    expect(errors).toContainEqual({ code: 3 });
    // AND a job committed on the serving thread wakes the worker thread
    jobSignals.emit("enqueued", "fulfillment.order");
    await until(() => lines().length === 3);
    expect(JSON.parse(lines()[2]!)).toEqual({ type: "enqueued", queues: ["fulfillment.order"] });
    // AND stopping asks the thread to finish, waits for it, and stops forwarding signals
    await thread.stop();
    thread = undefined;
    expect(JSON.parse(lines().at(-1)!)).toEqual({ type: "stop" });
    expect(jobSignals.listenerCount("enqueued")).toBe(0);
  });
});
