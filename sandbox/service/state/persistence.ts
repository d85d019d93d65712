import { readFile, rename, writeFile } from "node:fs/promises";
import { z } from "zod";
import type { SandboxLogger } from "../logger";
import type { ClientSnapshot } from "./store";

export interface StateFile {
  version: 1;
  /** Sandbox time when written, so a restarted sandbox never runs its clock backwards. */
  savedAt: number;
  clients: Record<string, ClientSnapshot>;
}

// Records are the sandbox's own output; only the envelope is checked, to catch a wrong file.
const stateFileSchema = z.object({
  version: z.literal(1),
  savedAt: z.number(),
  clients: z.record(
    z.string(),
    z.object({
      products: z.array(z.any()),
      orders: z.array(z.any()),
      receptions: z.array(z.any()),
      pickups: z.array(z.any()),
    }),
  ),
});

/** Reads the state file; a missing file is a fresh start, an unreadable one stops start-up. */
export async function loadStateFile(path: string): Promise<StateFile | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = stateFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`Sandbox state file ${path} is not a version 1 state file`);
  return parsed.data as StateFile;
}

// Long enough to fold a burst of catalogue batches into one write.
const COALESCE_MS = 50;

/**
 * Writes the state asynchronously and coalesced: many mutations in a burst cost one write,
 * and a write goes to a temporary file first so a crash never leaves half a file behind.
 */
export function createStateWriter(path: string, snapshot: () => StateFile, logger: SandboxLogger) {
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  const write = async () => {
    timer = undefined;
    dirty = false;
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      await writeFile(tmp, JSON.stringify(snapshot()));
      await rename(tmp, path);
    } catch (error) {
      logger.error("could not write sandbox state file", { path, error: String(error) });
    }
  };

  const run = () => {
    writing = write().finally(() => {
      writing = undefined;
      if (dirty && !timer) timer = setTimeout(run, COALESCE_MS);
    });
  };

  return {
    markDirty() {
      dirty = true;
      if (!timer && !writing) timer = setTimeout(run, COALESCE_MS);
    },
    async flush() {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      if (writing) await writing;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      if (dirty) {
        run();
        await writing;
      }
    },
  };
}

