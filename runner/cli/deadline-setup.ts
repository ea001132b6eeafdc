/**
 * What `grade` reads for deadlines before grading (`--due` or the pack's due, `--grace`, `late.yml`,
 * `extensions.csv`, `--at-deadline`, `--pushes`), each checked at once; then each submission's time (a Gradescope
 * export's, a repository's commit or push, Canvas's late mark) and, with `--at-deadline`, the commit it is graded at;
 * and after grading, each submission's lateness against its student's own deadline.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import {
  cutoffOf,
  deadlineOf,
  DeadlineError,
  latenessOf,
  NO_PENALTY,
  parseDuration,
  parseExtensions,
  parseInstant,
  parseLatePolicy,
  spoken,
  zoneOf,
  type Deadline,
  type Extension,
  type LatePolicy,
} from '../class/deadlines.js';
import { fileBeside } from './second-pass.js';
import {
  checkoutCommit,
  commitAtDeadline,
  headCommit,
  pushAtDeadline,
  pushLogOf,
  repositoryOf,
  type Commit,
} from '../class/git-deadline.js';
import { submissionFromFolder, type Submission } from '../layout/layout.js';
import type { RunSettings, SubmissionResult } from '../model/results.js';
import { createHash } from 'node:crypto';

export const LATE_POLICY_FILE = 'late.yml';
export const EXTENSIONS_FILE = 'extensions.csv';

export interface DeadlineFlags {
  readonly paths: readonly string[];
  readonly due?: string;
  readonly grace?: string;
  readonly latePolicy?: string;
  readonly extensions?: string;
  readonly atDeadline?: boolean;
  readonly pushes?: string;
}

export interface DeadlineSetup {
  readonly due: Date;
  /** The zone --due was written in (`-05:00`; `Z` for UTC): times are shown in it. */
  readonly zone: string;
  readonly graceMs: number;
  readonly policy: LatePolicy;
  readonly policyFile?: string;
  readonly extensions: ReadonlyMap<string, Extension>;
  readonly atDeadline: boolean;
  readonly pushes?: string;
  /** What results.json records of it (`settings.deadline`): `grade merge` refuses shards graded against others. */
  readonly record: NonNullable<RunSettings['deadline']>;
}

/** The deadline's settings, or undefined when the run has no due time and nothing asks for one. */
export async function loadDeadlines(
  flags: DeadlineFlags,
  packDue: string | undefined,
  students: readonly Submission[],
  cwd: string,
): Promise<DeadlineSetup | undefined> {
  const shown = (file: string) => relative(cwd, file) || file;
  const policyFile = flags.latePolicy ?? fileBeside(flags.paths, LATE_POLICY_FILE);
  const extensionsFile = flags.extensions ?? fileBeside(flags.paths, EXTENSIONS_FILE);
  const dueText = flags.due ?? packDue;
  if (dueText === undefined) {
    const asking = [
      flags.grace !== undefined && '--grace',
      policyFile && shown(policyFile),
      extensionsFile && shown(extensionsFile),
      flags.atDeadline && '--at-deadline',
      flags.pushes !== undefined && '--pushes',
    ].filter(Boolean);
    if (asking.length > 0)
      throw new DeadlineError(
        `${asking.join(', ')} need${asking.length === 1 ? 's' : ''} a due time: give --due 2026-12-04T23:59:00-05:00 (or the pack's due)`,
      );
    return undefined;
  }
  const due = parseInstant(dueText, flags.due !== undefined ? '--due' : "the pack's due");
  const graceMs = flags.grace === undefined ? 0 : parseDuration(flags.grace, '--grace');
  for (const [file, flag] of [
    [policyFile, '--late-policy'],
    [extensionsFile, '--extensions'],
  ] as const) {
    if (file !== undefined && !existsSync(file)) throw new DeadlineError(`${flag} ${file}: no such file`);
  }
  const policy = policyFile ? await parseLatePolicy(readFileSync(policyFile, 'utf8'), shown(policyFile)) : NO_PENALTY;
  // A student is named by the submission's id, or by the ids an export gave (Gradescope's sid, e-mail, user id).
  const names = new Map(
    students.flatMap((s) =>
      [s.id, s.student?.id, s.student?.sisId, s.student?.email].filter((n): n is string => Boolean(n)).map((n) => [n, s.id] as const),
    ),
  );
  const extensions = extensionsFile
    ? parseExtensions(readFileSync(extensionsFile, 'utf8'), shown(extensionsFile), names)
    : new Map<string, Extension>();
  if (flags.pushes !== undefined && !flags.atDeadline)
    throw new DeadlineError('--pushes picks the commit graded at the deadline: give --at-deadline with it');
  if (flags.pushes !== undefined && !(existsSync(flags.pushes) && statSync(flags.pushes).isDirectory()))
    throw new DeadlineError(`--pushes ${flags.pushes}: no such folder (it holds <submission id>.json for each repository)`);
  const policyText = policyFile ? readFileSync(policyFile, 'utf8') : '';
  const extensionsText = extensionsFile ? readFileSync(extensionsFile, 'utf8') : '';
  const hash = createHash('sha256')
    .update(JSON.stringify([due.toISOString(), graceMs, policyText, extensionsText, flags.atDeadline === true]))
    .digest('hex')
    .slice(0, 12);
  const record = {
    due: dueText.trim(),
    graceMs,
    ...(policyFile && { policy: shown(policyFile) }),
    ...(extensionsFile && { extensions: shown(extensionsFile) }),
    ...(flags.atDeadline && { atDeadline: true }),
    hash,
  };
  return {
    due,
    zone: zoneOf(dueText),
    graceMs,
    policy,
    record,
    ...(policyFile && { policyFile: shown(policyFile) }),
    extensions,
    atDeadline: flags.atDeadline === true,
    ...(flags.pushes !== undefined && { pushes: flags.pushes }),
  };
}

export interface Timed {
  readonly submissions: readonly Submission[];
  /** Each submission's time and where it came from (absent: no time known). */
  readonly times: ReadonlyMap<
    string,
    { readonly at?: string; readonly source: 'gradescope' | 'git commit' | 'git push' | 'canvas'; readonly commit?: string }
  >;
  /** Submissions not to grade, each with why: nothing in the late window, or only work after the late cutoff. */
  readonly notGraded: ReadonlyMap<string, string>;
  readonly warnings: readonly string[];
}

/**
 * The last moment `--at-deadline` takes work from: without a late policy, the deadline and its grace (late work is
 * not taken); with one, its cutoff, or no end at all when it has none (late work is taken, and pays the penalty).
 */
function lateWindowEnd(setup: DeadlineSetup, deadline: Deadline): { end?: Date; words: string } {
  if (!setup.policyFile)
    return {
      end: new Date(deadline.due.getTime() + deadline.graceMs),
      words: `their deadline${deadline.graceMs ? ' and grace' : ''}; without a late policy late work is not taken`,
    };
  const cutoff = cutoffOf(deadline, setup.policy);
  return cutoff
    ? {
        end: cutoff,
        words: `the late cutoff, ${setup.policy.cutoff!.text}${'afterMs' in setup.policy.cutoff! ? ' after their deadline' : ''}`,
      }
    : { words: 'no cutoff' };
}

/**
 * Each submission's time, and with `--at-deadline` the files of its commit at the end of its student's late window:
 * the deadline (grace included) without a late policy, its cutoff with one. A repository with nothing by then, or work
 * that came after the late cutoff, is not graded, and its page says why.
 */
export async function timeSubmissions(
  submissions: readonly Submission[],
  setup: DeadlineSetup,
  classRoots: readonly string[],
  known: ReadonlySet<string>,
): Promise<Timed> {
  const times = new Map<string, { at?: string; source: 'gradescope' | 'git commit' | 'git push' | 'canvas'; commit?: string }>();
  const notGraded = new Map<string, string>();
  const warnings: string[] = [];
  const out: Submission[] = [];
  for (const s of submissions) {
    const repo = repositoryOf(s.files, classRoots);
    const deadline = deadlineOf(setup.due, setup.graceMs, setup.extensions.get(s.id), setup.zone);
    if (setup.atDeadline && repo) {
      const window = lateWindowEnd(setup, deadline);
      const log = pushLogOf(setup.pushes, s.id);
      const end = window.end;
      // No end: the last push, or the repository's last commit.
      const commit: Commit | undefined = log
        ? await pushAtDeadline(repo, log, end ?? new Date('9999-12-31T00:00:00Z'))
        : end
          ? await commitAtDeadline(repo, end)
          : await headCommit(repo);
      if (!commit) {
        const head = await headCommit(repo);
        const why = end
          ? `no ${log ? 'push' : 'commit'} at or before ${inZone(end.toISOString(), setup.zone)} (${window.words})${head ? `: the last commit, ${inZone(head.at, setup.zone)}, came after it` : ': the repository has no commit'}`
          : `no ${log ? 'push in its push log' : 'commit in the repository'}`;
        warnings.push(`${s.id}: ${why}: not graded`);
        notGraded.set(s.id, `Not graded: ${why}.`);
        if (head) times.set(s.id, { at: head.at, source: 'git commit', commit: head.sha });
        out.push({ ...s, files: [] });
        continue;
      }
      const dir = await checkoutCommit(repo, commit.sha);
      out.push({ ...submissionFromFolder(s.id, s.path, dir, known), ...(s.student && { student: s.student }) });
      times.set(s.id, { at: commit.at, source: commit.source, commit: commit.sha });
      continue;
    }
    if (setup.atDeadline) warnings.push(`${s.id}: not a git repository, so graded as it is (--at-deadline)`);
    out.push(s);
    if (s.submittedAt) times.set(s.id, { at: s.submittedAt, source: 'gradescope' });
    else if (repo) {
      const head = await headCommit(repo);
      if (head) times.set(s.id, { at: head.at, source: 'git commit', commit: head.sha });
    } else if (s.student?.late) times.set(s.id, { source: 'canvas' });
    // Work that came after the late cutoff is not graded.
    const at = times.get(s.id)?.at;
    const cutoff = cutoffOf(deadline, setup.policy);
    if (at !== undefined && cutoff && Date.parse(at) > cutoff.getTime()) {
      notGraded.set(
        s.id,
        `Not graded: submitted ${inZone(at, setup.zone)}, after the late cutoff (${inZone(cutoff.toISOString(), setup.zone)}, ${setup.policy.cutoff!.text}${'afterMs' in setup.policy.cutoff! ? ' after the deadline' : ''}).`,
      );
      warnings.push(`${s.id}: submitted after the late cutoff: not graded`);
    }
  }
  return { submissions: out, times, notGraded, warnings };
}

/** An instant as a reader of its zone writes it, to the second: `2026-12-04T23:59:00-05:00`. */
export function inZone(iso: string, zone: string): string {
  const m = /^([+-])(\d\d):(\d\d)$/u.exec(zone);
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : `${new Date(at + offset).toISOString().slice(0, 19)}${m ? zone : 'Z'}`;
}

/** The results with each one's lateness against its student's own deadline. */
export function markLateness(results: readonly SubmissionResult[], setup: DeadlineSetup, times: Timed['times']): SubmissionResult[] {
  return results.map((r) => {
    const time = times.get(r.id);
    if (!time) return r;
    const lateness = latenessOf(
      time.at === undefined ? undefined : new Date(time.at),
      time.source,
      deadlineOf(setup.due, setup.graceMs, setup.extensions.get(r.id), setup.zone),
      setup.policy,
    );
    return { ...r, late: { ...lateness, ...(time.commit && { commit: time.commit }) } };
  });
}

/** What the terminal says of deadlines: how many were late, and each penalty. */
export function formatLateness(results: readonly SubmissionResult[], setup: DeadlineSetup): string {
  const timed = results.filter((r) => r.late);
  const late = timed.filter((r) => r.late!.lateBySeconds > 0 || r.late!.source === 'canvas');
  const lines = [
    `Due ${inZone(setup.due.toISOString(), setup.zone)}${setup.graceMs ? ` (grace ${spoken(setup.graceMs)})` : ''}${setup.policyFile ? `, late policy ${setup.policyFile}` : ', no late policy (late work is marked, not penalized)'}: ${late.length} of ${timed.length} timed submission${timed.length === 1 ? '' : 's'} late${timed.length < results.length ? `; ${results.length - timed.length} with no time known` : ''}`,
  ];
  for (const r of late) lines.push(`  ${r.id}: ${r.late!.reason}`);
  if (timed.some((r) => r.late!.source === 'git commit'))
    lines.push(
      "  A commit's date is what the student's git wrote, their own claim: give --at-deadline --pushes <dir> to use GitHub's push times.",
    );
  return `${lines.join('\n')}\n`;
}
