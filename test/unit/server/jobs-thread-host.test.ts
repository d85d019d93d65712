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
  await thread?.stop(60_000);
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
      entry: { jobSignals, stopServing: async () => {}, releaseJobLeases: async () => 0 },
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
    await thread.stop(60_000);
    thread = undefined;
    expect(JSON.parse(lines().at(-1)!)).toEqual({ type: "stop" });
    expect(jobSignals.listenerCount("enqueued")).toBe(0);
  });

  it("counts the worker alive while it speaks; a thread that cannot finish in time is ended and its jobs' leases released", async () => {
    // GIVEN a worker thread that announces its lease owner, then never finishes its job
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-thread-"));
    const threadFile = path.join(dir, "thread.mjs");
    fs.writeFileSync(
      threadFile,
      `import { parentPort } from "node:worker_threads";
       parentPort.postMessage({ type: "started", owner: "owner-1" });
       setInterval(() => {}, 1000);`,
    );
    const released: string[] = [];
    const warnings: unknown[] = [];
    thread = startJobsThread({
      threadFile,
      data: { concurrency: 1 },
      entry: {
        jobSignals: new EventEmitter(),
        stopServing: async () => {},
        releaseJobLeases: async (owner) => (released.push(owner), 2),
      },
      logger: { info: () => {}, error: () => {}, warn: (obj: unknown) => warnings.push(obj) } as never,
    });
    const running = thread;
    await until(() => running.alive());
    // WHEN it is stopped with a short deadline
    const started = Date.now();
    await running.stop(300);
    thread = undefined;
    // THEN it was ended at the deadline, not after a minute, and its jobs were handed back
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(released).toEqual(["owner-1"]);
    expect(warnings).toEqual([{ owner: "owner-1", released: 2 }]);
    expect(running.alive()).toBe(false);
  });
});
