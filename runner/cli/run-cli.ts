/**
 * `grade`'s commands as a function of argv, with the output streams passed in so tests call it directly.
 * Exit codes follow DESIGN.md: 0 done (whatever the scores), 1 `check` found failures, 2 usage or set-up error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../fixtures/shared-documents.js';
import { runGrade } from './grade-command.js';
import { listAssignments, listFixtures } from './list.js';

const HELP = `grade — grades Python Connect Four assignments against a reference implementation

Usage:
  grade <path...>          grade submissions: a folder with one sub-folder per student, a folder of files
                           named <student>_<file>, or one submission's folder
  grade check [path]       a student's own check of one submission (default: this folder), visible tests only;
                           exits 1 when a test fails
  grade list [id]          the assignments, or one assignment's tests and points
  grade --help             this text
  grade --version          the version

Options for grading:
  --assignment, -a <id>    the assignment (detected from the file names when left out)
  --out, -o <dir>          where results.json and the reports go (default ./grade-report)
  --jobs, -j <n>           submissions graded at once (default: the cores, at most 4)
  --format, -f <list>      what to write, from json, html, junit, gradescope, csv (default json,html,csv):
                           html: index.html (class summary) and submissions/<id>.html; junit: junit.xml;
                           gradescope: gradescope/<id>.json; csv: gradebook.csv (Canvas) and scores.csv
  --canvas-assignment-id <n>
                           the Canvas assignment the gradebook column imports into
  --seed <n>               the seed for every random choice (default 1): same seed, same results
  --only <pattern>         run only the tests whose id starts with the pattern (* matches anything)
  --python <path>          the Python 3 to run submissions with (default python3)

Assignments: cs111-ps9, hmc-cs5-hw11, cs61a-hw04, manchester-connect4, conniption
`;

function readVersion(): string {
  return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

export async function runCli(argv: readonly string[], out: (s: string) => void, err: (s: string) => void, options: { isTTY?: boolean; env?: Readonly<Record<string, string | undefined>>; cwd?: string } = {}): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out(HELP);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    out(`${readVersion()}\n`);
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
  const io = { out, err, isTTY: options.isTTY ?? false, env: options.env ?? process.env, cwd: options.cwd ?? process.cwd() };
  const version = readVersion();
  if (command === 'check') return runGrade(rest, io, PROJECT_ROOT, version, 'check');
  return runGrade(argv, io, PROJECT_ROOT, version, 'grade');
}
