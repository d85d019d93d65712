// Preloaded into the built app by a test (NODE_OPTIONS=--import=<this file>): appends the address
// of every module the process's main thread resolves, by import or require, to the file named by
// RECORD_LOADS_FILE — to see which packages a configuration loads at all.
import fs from "node:fs";
import { registerHooks } from "node:module";

const file = process.env.RECORD_LOADS_FILE;
if (file)
  registerHooks({
    resolve(specifier, context, next) {
      const result = next(specifier, context);
      fs.appendFileSync(file, `${result.url}\n`);
      return result;
    },
  });
