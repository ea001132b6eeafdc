/**
 * `grade`'s commands as a function of argv, with the output streams passed in so tests call it directly.
 * This version lists the assignments and their golden fixtures; grading submissions arrives with the runner.
 * Exit codes follow DESIGN.md: 0 done, 2 usage or set-up error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listAssignments, listFixtures } from './list.js';
import { PROJECT_ROOT } from '../fixtures/shared-documents.js';

const HELP = `grade — grades Python Connect Four assignments against a reference implementation

Usage:
  grade <path...>          grade a folder of submissions, or one submission (coming with the runner)
  grade check [path]       a student's own check: visible tests only (coming with the runner)
  grade list [id]          the assignments, or one assignment's golden fixtures and case counts
  grade --help             this text
  grade --version          the version

Assignments: cs111-ps9, hmc-cs5-hw11, cs61a-hw04, manchester-connect4, conniption
`;

export function runCli(argv: readonly string[], out: (s: string) => void, err: (s: string) => void): number {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out(HELP);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    out(`${pkg.version}\n`);
    return 0;
  }
  if (command === 'list') {
    const result = rest.length === 0 ? listAssignments(PROJECT_ROOT) : listFixtures(PROJECT_ROOT, rest[0]!);
    if (!result.ok) {
      err(`grade list: ${result.error}\n`);
      return 2;
    }
    out(result.text);
    return 0;
  }
  err(`grade: grading submissions is not available in this version yet (asked: ${argv.join(' ')}).\nRun 'grade --help' for what is.\n`);
  return 2;
}
