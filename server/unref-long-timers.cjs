// Preloaded into `prisma migrate deploy` (server/database.ts). Prisma 6.19's WebAssembly schema
// engine arms a 10 s timer it never clears, so the CLI sits idle for 10 s after it has finished.
// Unref'ing long timers lets the process exit as soon as its real work (sockets, pipes) is done.
"use strict";
const setTimeoutOriginal = global.setTimeout;
global.setTimeout = function setTimeoutUnrefLong(callback, ms, ...args) {
  const timer = setTimeoutOriginal(callback, ms, ...args);
  if (typeof ms === "number" && ms >= 5000 && typeof timer?.unref === "function") timer.unref();
  return timer;
};
