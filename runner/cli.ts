#!/usr/bin/env node
/** The `grade` bin: wires the process to the commands. */
import { runCli } from './cli/run-cli.js';

// Ctrl-C or a CI cancel: exit through the 'exit' handlers, which kill the student processes and remove workspaces.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

process.exitCode = await runCli(
  process.argv.slice(2),
  (s) => process.stdout.write(s),
  (s) => process.stderr.write(s),
  {
    isTTY: Boolean(process.stderr.isTTY),
  },
);
