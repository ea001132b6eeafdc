/**
 * `connect4-check`, the student's kit: the check command on the kit's own data (check-data.json) and its
 * assignment's kit plan, which `grade kit` bundles with this file. It holds the visible tests only, and runs each on
 * the student's own parts where the grader would use the document's (the kit has no working version of any).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KitPlan } from '../plan/assignment.js';
import { runCheck, type CheckSource } from '../cli/check-command.js';
import type { RunResults } from '../model/results.js';
import { KIT_DATA_FILE, PROJECT_ROOT } from '../project-root.js';
import { junitXml } from '../../reports/junit.js';
import { parseKitData, type KitData, kitDiagnose } from '../kit/kit-data.js';

/** The kit's command, named for its assignment so two kits install side by side (runner/kit/kit-package.ts). */
const commandOf = (data: KitData): string => `connect4-check-${data.assignment}`;

const HELP = (data: KitData) => `${commandOf(data)} — the visible tests of ${data.title}, on your own machine

Usage:
  ${commandOf(data)} [folder]
                              check your work in the folder (default: this one); exits 1 when a test fails
      --watch                 check again whenever a file in the folder changes
      --ci                    in GitHub Actions: junit.xml in --out, an annotation on your file and line for each
                              failure, the job summary and GitHub Classroom's points line
      --out <dir>             also write results.json there (and junit.xml with --ci)
      --only <patterns>       run only the tests whose id starts with one of the comma-separated patterns (* matches
                              anything)
      --python <path>         the Python (3.8 or newer) to run your code with (default python3)
  ${commandOf(data)} --help       this text
  ${commandOf(data)} --version    the kit's version (the grader's and the assignment's)

${data.later ?? 'Every test of the assignment is in this check.'}
`;

/** The kit's data, read from its root. */
function readKitData(): KitData {
  return parseKitData(readFileSync(join(PROJECT_ROOT, KIT_DATA_FILE), 'utf8'));
}

/** The check's source in the kit: one assignment, its visible tests, its tools, the student's own parts. */
export function kitCheckSource(data: KitData, plan: KitPlan, version: string): CheckSource {
  const tools = join(PROJECT_ROOT, 'runner', 'assignments', data.assignment, 'tools.py');
  const spec = data.spec;
  return {
    command: commandOf(data),
    tool: { name: commandOf(data), version },
    specs: () => [{ ...spec, visibleTests: spec.tests.length }],
    load: () => spec,
    // The look-ahead mistakes are named from the table of answers the kit was built with (runner/kit/kit-data.ts).
    grading: () => ({
      plan,
      doubles: existsSync(tools) ? [tools] : [],
      standIns: 'own',
      ...(data.lookahead && { diagnose: kitDiagnose(data.lookahead) }),
    }),
    later: () => data.later,
    formats: ['json', 'junit'],
    write: writeKitOutputs,
    offers: { assignment: false, standIns: false },
    setupErrors: [],
  };
}

/** results.json always, junit.xml when asked: a student's check writes nothing else. */
function writeKitOutputs(run: RunResults, out: string, formats: readonly string[]): string[] {
  mkdirSync(out, { recursive: true });
  const written = [join(out, 'results.json')];
  writeFileSync(written[0]!, `${JSON.stringify(run, null, 2)}\n`);
  if (formats.includes('junit')) {
    written.push(join(out, 'junit.xml'));
    writeFileSync(written[1]!, junitXml(run));
  }
  return written;
}

/** The command: `--help`, `--version`, or a check; resolves to the exit code. */
export async function runKit(plan: KitPlan, argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  let data: KitData;
  let version: string;
  try {
    data = readKitData();
    version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch (error) {
    process.stderr.write(`connect4-check: the kit is damaged (${(error as Error).message}); reinstall it\n`);
    return 2;
  }
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    process.stdout.write(HELP(data));
    return 0;
  }
  if (argv[0] === '--version' || argv[0] === '-v') {
    process.stdout.write(`${version} (${data.title}; grader ${data.graderVersion}, spec ${data.specHash})\n`);
    return 0;
  }
  const io = {
    out: (s: string) => void process.stdout.write(s),
    err: (s: string) => void process.stderr.write(s),
    isTTY: process.stdout.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
  };
  return runCheck(argv, io, kitCheckSource(data, plan, version));
}
