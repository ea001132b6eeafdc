#!/usr/bin/env node
/** The `grade` bin: wires the process to the commands. */
import { runCli } from './cli/run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), (s) => process.stdout.write(s), (s) => process.stderr.write(s), {
  isTTY: Boolean(process.stderr.isTTY),
});
