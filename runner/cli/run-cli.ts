/**
 * `grade`'s commands as a function of argv, with the output streams passed in so tests call it directly.
 * Exit codes follow DESIGN.md: 0 done (whatever the scores), 1 `check` found failures, 2 usage or set-up error.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ASSIGNMENT_IDS } from '../model/ids.js';
import { PROJECT_ROOT } from '../project-root.js';
import { runGrade } from './grade-command.js';
import { availableSpecs } from './spec-files.js';
import { runMerge } from './merge-command.js';
import { runScale } from './scale-command.js';
import { runPush } from './push-command.js';
import { writeGradescopeBundle } from './gradescope-bundle.js';
import { listAssignments, listFixtures } from './list.js';
import { runCost } from './cost-command.js';
import { runCompare } from './compare-command.js';
import { runMutants } from './mutants-command.js';
import { runKitCommand } from './kit-command.js';
import { runInit, runLint } from './pack-commands.js';
import { runIndex } from './index-command.js';
import { isPackRef, packFile } from '../pack/pack-ref.js';
import { loadSpec } from '../pack/load-spec.js';

const HELP = `grade — grades Python Connect Four assignments against a reference implementation

Usage:
  grade <path...>          grade submissions: a folder with one sub-folder or zip per student, a folder of files
                           named <student>_<file>, a Canvas download, a Gradescope export, or one submission
  grade check [path]       a student's own check of one submission (default: this folder), visible tests only;
                           exits 1 when a test fails
      --watch              grade again whenever a file in the folder changes
      --ci                 in GitHub Actions: junit.xml in --out, error annotations on your files and lines,
                           a job summary, and GitHub Classroom's points line
  grade merge <dir...>     one results.json and set of reports from the --out folders of shards (or of whole runs
                           of one assignment); takes --out, --format and --canvas-assignment-id, and
                           --submissions <path> to compare the code of all shards' submissions, and
                           --adjustments <file> to apply the instructor's changes to the whole class, and
                           --notes <file> to apply notes to it (else each shard's notes are kept); runs graded
                           with other notes, adjustments or deadlines are refused unless --allow-mixed
  grade push canvas [<run>] --course <id> [--assignment <id>] [--roster <file>] [--dry-run]
                           each student's score, a comment with the summary and their notes, and their page, on
                           their current attempt in Canvas (CANVAS_TOKEN: your own token; CANVAS_URL or
                           --canvas-url: the address); reads Canvas first, writes only what changed, reads it back;
                           <run> is a --out folder (default ./grade-report)
  grade scale slurm|k8s|actions --shards N [--max-running M] <path...> [grade's options]
                           the files a scheduler needs to grade the class in N shards (at most M at once) and
                           merge them: a Slurm job array and a merge job after it (--cpus-per-task, --work <dir>),
                           a Kubernetes Indexed Job and a merge Job (--image, --claim, --mount, --name), or a
                           GitHub Actions matrix and a merge job; --command <cmd> is the grader on the nodes
  grade index [<folder>]   index.html over the runs in the folder's sub-folders (each a --out of grade, merge or
                           mutants; default ./grade-report): a card per run with its class's mean and scores, the
                           mistakes named, and links to its class summary, a student who passed and one who did not
  grade compare <old-out> <new-out> [--out <dir>] [--keep-higher]
                           what changed between two runs of a class: changes.csv (student, old, new, delta, the
                           tests that went each way, why) and a "What changed" section in the class summary
  grade mutants <id> [--solution <dir>] [--limit N] [--seed S] [--function <glob>]
                           how many plausible bugs the tests would miss: one-change mutants of a correct solution
                           (default the bundled correct-plain) graded as submissions; mutants.json and the class
                           summary in --out (default ./mutants-report) give the score, the survivors and what
                           killed the rest; takes --jobs, --resume, --python and --format too
  grade list [id]          the assignments, or one assignment's tests and points
  grade list <id> --cost   what each test costs the bundled correct samples' own code, test by test
  grade kit <id> [--out <dir>] [--classroom] [--alias]
                           the student's self-check for one assignment: an npm package (a folder and a .tgz in
                           --out, default ./student-kit) with the visible tests and no answers; a student installs
                           it (npm install -g ./<tgz>) and runs connect4-check-<id> in their folder (two assignments'
                           kits install side by side). --classroom adds a GitHub Classroom starter: a workflow that
                           installs the kit and runs the check on every push; --alias makes the kit answer to
                           connect4-check too, for a course that hands out one kit at a time
  grade gradescope-bundle <id> [--out file.zip]
                           the autograder zip to upload to Gradescope as is (setup.sh, run_autograder and this
                           tool; default autograder-<id>.zip)
  grade init <id> [--out <dir>]
                           a course's assignment pack: <dir>/assignment.yml (default ./<id>/) that changes nothing
                           yet, the built-in's file names, points, visibility, hints and texts in comments to
                           uncomment and edit, and the built-in it was made from (madeFrom)
  grade lint <pack> [--upgrade]
                           check a pack as every command does when it loads one: each fault with its file, line
                           and column, what the pack changes in its built-in, and whether the built-in has changed
                           since the pack was made; --upgrade lists the built-in's changes beside the pack's own
  grade --help             this text
  grade --version          the version

Options for grading:
  --assignment, -a <id>    the assignment (detected from the file names when left out), or a course's pack
                           folder (./my-ps9): every command that takes an assignment takes a pack
  --out, -o <dir>          where results.json and the reports go (default ./grade-report)
  --jobs, -j <n>           submissions graded at once (default: the cores, at most 4)
  --format, -f <list>      what to write, from json, html, junit, gradescope, csv (default json,html,csv):
                           html: index.html (class summary) and submissions/<id>.html; junit: junit.xml;
                           gradescope: gradescope/<id>.json; csv: gradebook.csv (Canvas) and scores.csv
  --canvas-assignment-id <n>
                           the Canvas assignment the gradebook column imports into
  --seed <n>               the seed for every random choice (default 1): same seed, same results
  --only <patterns>        run only the tests whose id starts with one of the comma-separated patterns (* matches
                           anything): --only board.,connect_four.
  --visible                grade the visible tests only, as grade check does: what the students see
  --strength               also measure each AI's strength on solver-labelled positions (the 0-point tests for
                           information, and the class summary's AI strength and AIs that choose alike); left out
                           by default, as they cost a class more student time than anything else
  --python <path>          the Python (3.8 or newer) to run submissions with (default python3)
  --shard <i/n>            grade only shard i of n (every n-th submission from the i-th); combine the shards'
                           --out folders with grade merge. --shard auto reads it from the scheduler: GRADE_SHARD,
                           a Slurm job array, a Kubernetes Indexed Job (with GRADE_SHARD_COUNT), or
                           GRADE_SHARD_INDEX (from 0) and GRADE_SHARD_COUNT
  --resume                 keep what --out's results.jsonl (written as each submission finishes) says was
                           graded with the same seed, spec and files, and grade only the rest
  --previous <old-out>     compare with an earlier run of the class when done, as grade compare does
  --keep-higher            with --previous (or compare): a student whose tests gave more before keeps that score,
                           with this run's adjustments on top, in every export
  --adjustments <file>     the instructor's changes and hand-graded points (default: adjustments.csv in the
                           submissions' folder): a header student,test,change,reason,by, then rows such as
                           ada,board.repr.document,+2,regrade request,TA Kim (test: a test id, a group graded by
                           hand, or total; change: +n, -n or =n); every export uses the adjusted total
  --audience student       also write for-students/<id>.html, the pages to hand back: hidden tests show their
                           name, points and pass/fail only (also on grade merge)
  --due <time>             the due time, ISO with its zone (2026-12-04T23:59:00-05:00; default: the pack's due):
                           each submission's time (a Gradescope export's, a repository's last commit, Canvas's
                           late mark) is measured against its student's deadline
  --grace <duration>       lateness within it is on time (15m, 2h)
  --late-policy <file>     late.yml (default: late.yml in the submissions' folder): per (day or hour), penalty (%),
                           cap (%), of (max or score), late_days (each student's free days), cutoff (3d, or an
                           ISO time: later work is not graded); the penalty is an adjustment with its reason, in
                           every export
  --extensions <file>      extensions.csv (default: beside the submissions): student,due,reason[,late_days], due an
                           ISO time or +2d
  --at-deadline            grade each git repository at the last commit of its student's late window: by their
                           deadline without a late policy, by late.yml's cutoff with one (a late commit pays the
                           penalty); a commit's date is the student's claim: with --pushes <dir>
                           (<submission>.json, as GitHub's repository activity API returns it), the last push
  --roster <file>          the gradebook exported from Canvas (Student,ID,SIS User ID,SIS Login ID,Section,…): its
                           ids fill gradebook.csv's, whatever the submissions' layout; students on one side only
                           are listed (also on grade merge)
  --canvas-problems <list> a gradebook column per problem beside the total: all, or problem ids each with its
                           Canvas assignment id (problem-1=4321,problem-2=4322,total=4329); total names the column
                           of adjustments to the total, so each row adds up (also on grade merge)
  --notes <file>           Markdown notes on mistakes (default: notes.yml in the submissions' folder), by cluster
                           id (shown in the class summary) or test id; shown to the students concerned. An
                           id that matches no failure of the class exits 2 once the reports are written, unless
                           marked retired (id: {note: ..., retired: true}); a note reaches students at once, even
                           on a hidden test, unless marked visibility: after-due

Assignments: ${ASSIGNMENT_IDS.join(', ')}
Inputs: folders, zips (one per student or a whole class), a Canvas "Download Submissions" folder or zip, and a
Gradescope export folder. Colours follow NO_COLOR and FORCE_COLOR.
`;

function readVersion(): string {
  return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

export async function runCli(
  argv: readonly string[],
  out: (s: string) => void,
  err: (s: string) => void,
  options: { isTTY?: boolean; env?: Readonly<Record<string, string | undefined>>; cwd?: string } = {},
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out(HELP);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    out(`${readVersion()}\n`);
    return 0;
  }
  if (command === 'list' && rest.includes('--cost')) {
    const ids = rest.filter((a) => a !== '--cost');
    const io = { out, err, isTTY: options.isTTY ?? false, env: options.env ?? process.env, cwd: options.cwd ?? process.cwd() };
    if (ids.length !== 1) {
      err(`grade list --cost: give one assignment: ${ASSIGNMENT_IDS.join(', ')}
`);
      return 2;
    }
    return runCost(ids[0]!, io, PROJECT_ROOT, readVersion());
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
  if (command === 'gradescope-bundle') return bundleCommand(rest, out, err, options.cwd ?? process.cwd());
  if (command === 'kit')
    return runKitCommand(
      rest,
      { out, err, isTTY: options.isTTY ?? false, env: options.env ?? process.env, cwd: options.cwd ?? process.cwd() },
      PROJECT_ROOT,
      readVersion(),
    );
  const io = { out, err, isTTY: options.isTTY ?? false, env: options.env ?? process.env, cwd: options.cwd ?? process.cwd() };
  const version = readVersion();
  if (command === 'check') return runGrade(rest, io, PROJECT_ROOT, version, 'check');
  if (command === 'init') return runInit(rest, io, PROJECT_ROOT, readVersion());
  if (command === 'lint') return runLint(rest, io, PROJECT_ROOT, readVersion());
  if (command === 'merge') return runMerge(rest, io, PROJECT_ROOT);
  if (command === 'scale') return runScale(rest, io, PROJECT_ROOT);
  if (command === 'push') return runPush(rest, io);
  if (command === 'compare') return runCompare(rest, io);
  if (command === 'index') return runIndex(rest, io, PROJECT_ROOT);
  if (command === 'mutants') return runMutants(rest, io, PROJECT_ROOT, version);
  return runGrade(argv, io, PROJECT_ROOT, version, 'grade');
}

function bundleCommand(argv: readonly string[], out: (s: string) => void, err: (s: string) => void, cwd: string): number {
  let values: { out?: string | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: { out: { type: 'string', short: 'o' } } }));
  } catch (error) {
    err(`grade gradescope-bundle: ${(error as Error).message}\n`);
    return 2;
  }
  const named = positionals[0];
  const graded = availableSpecs(PROJECT_ROOT);
  const pack = named !== undefined && isPackRef(named);
  if (!named || positionals.length > 1 || (!pack && !graded.includes(named))) {
    err(`grade gradescope-bundle: give one assignment with a spec: ${graded.join(', ')}, or a course's pack folder\n`);
    return 2;
  }
  let spec;
  try {
    // Loaded (and checked) here: a pack with a fault is refused now, not on Gradescope at the first submission.
    spec = loadSpec(PROJECT_ROOT, pack ? resolve(cwd, named) : named);
  } catch (error) {
    err(`grade gradescope-bundle: ${(error as Error).message}\n`);
    return 2;
  }
  const target = resolve(cwd, values.out ?? `autograder-${pack ? `${spec.assignment}-${spec.pack!.hash.slice(0, 8)}` : named}.zip`);
  try {
    const bytes = writeGradescopeBundle(PROJECT_ROOT, spec.assignment, target, pack ? packFile(resolve(cwd, named)) : undefined);
    out(
      `Wrote ${relative(cwd, target) || target} (${Math.round(bytes / 1024)} KB): upload it as the assignment's autograder (Configure Autograder → Zip file upload).\n`,
    );
    return 0;
  } catch (error) {
    err(`grade gradescope-bundle: ${(error as Error).message}\n`);
    return 2;
  }
}
