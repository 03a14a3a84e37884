// Preloaded into a process under test (`NODE_OPTIONS=--import=<this file>`, RECORD_MODULES_TO set):
// appends every module the process loads, as "<pid> <url>" lines, to that file. What a process
// loaded is then counted, not inferred from its imports.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.RECORD_MODULES_TO;
if (file)
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      appendFileSync(file, `${process.pid} ${resolved.url}\n`);
      return resolved;
    },
  });
