/**
 * A submission kept in git, graded as it stood at its student's deadline (`--at-deadline`): the last commit whose
 * date is at or before the deadline (the date is the student's own claim: git lets anyone write any date), or, given
 * a push log (`--pushes <dir>`, `<submission id>.json` as GitHub's repository activity API returns it), the commit
 * of the last push at or before the deadline, the push's time being GitHub's. Without `--at-deadline`, a repository's
 * last commit dates the submission. Git is run read-only, with the repository's hooks and file monitor turned off: a
 * submission's own `.git/config` must not run anything.
 */
import { execa } from 'execa';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';

export class GitDeadlineError extends Error {}

const made = new Set<string>();
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Git with nothing of the repository's own that could run: no hooks, no fsmonitor, no system config, no prompt. */
async function git(repo: string, args: readonly string[], options: { encoding?: 'buffer' } = {}) {
  return execa(
    'git',
    [
      '-c',
      'core.fsmonitor=false',
      '-c',
      `core.hooksPath=${process.platform === 'win32' ? 'NUL' : '/dev/null'}`,
      '-c',
      'protocol.allow=never',
      '-C',
      repo,
      ...args,
    ],
    {
      env: { GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
      extendEnv: true,
      reject: false,
      ...(options.encoding && { encoding: options.encoding }),
    },
  );
}

/** The repository holding a submission's files: the nearest `.git` at or above them, no higher than the class folder. */
export function repositoryOf(files: readonly { source: string }[], classRoots: readonly string[]): string | undefined {
  const first = files[0];
  if (!first) return undefined;
  const roots = classRoots.map((r) => resolve(r));
  let dir = dirname(resolve(first.source));
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (roots.includes(dir) || dirname(dir) === dir) return undefined;
    if (!roots.some((r) => dir.startsWith(r + sep))) return undefined;
    dir = dirname(dir);
  }
}

export interface Commit {
  readonly sha: string;
  /** ISO; the committer's date, or the push's time. */
  readonly at: string;
  readonly source: 'git commit' | 'git push';
}

/** HEAD's commit and date: when a repository graded as it is was last committed to. */
export async function headCommit(repo: string): Promise<Commit | undefined> {
  const run = await git(repo, ['log', '-1', '--format=%H%x00%cI', 'HEAD']);
  if (run.exitCode !== 0 || !String(run.stdout).includes('\u0000')) return undefined;
  const [sha, at] = String(run.stdout).trim().split('\u0000') as [string, string];
  return { sha, at: new Date(at).toISOString(), source: 'git commit' };
}

/** The last commit of HEAD's history dated at or before `deadline`; undefined when there is none. */
export async function commitAtDeadline(repo: string, deadline: Date): Promise<Commit | undefined> {
  const run = await git(repo, ['log', '-1', '--format=%H%x00%cI', `--before=${deadline.toISOString()}`, 'HEAD']);
  if (run.exitCode !== 0) throw new GitDeadlineError(`${repo}: git could not read its history: ${String(run.stderr).split('\n')[0]}`);
  if (!String(run.stdout).includes('\u0000')) return undefined;
  const [sha, at] = String(run.stdout).trim().split('\u0000') as [string, string];
  return { sha, at: new Date(at).toISOString(), source: 'git commit' };
}

interface PushEvent {
  readonly after?: unknown;
  readonly timestamp?: unknown;
  readonly ref?: unknown;
  readonly activity_type?: unknown;
}

/** The pushes that put a commit on a branch: what GitHub's activity log calls them. */
const PUSHES = new Set(['push', 'force_push', 'branch_creation', 'pr_merge', 'merge_queue_merge']);

/** The last push at or before `deadline` in a push log, to the branch HEAD is on (any branch if HEAD is detached). */
export async function pushAtDeadline(repo: string, log: string, deadline: Date): Promise<Commit | undefined> {
  let events: unknown;
  try {
    events = JSON.parse(readFileSync(log, 'utf8'));
  } catch (error) {
    throw new GitDeadlineError(`${log} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(events)) throw new GitDeadlineError(`${log} must be the list GitHub's repository activity API returns`);
  const branch = String((await git(repo, ['symbolic-ref', '-q', 'HEAD'])).stdout).trim();
  const pushes = (events as PushEvent[])
    .filter(
      (e) =>
        typeof e?.after === 'string' &&
        typeof e.timestamp === 'string' &&
        (e.activity_type === undefined || (typeof e.activity_type === 'string' && PUSHES.has(e.activity_type))),
    )
    .filter((e) => !branch || e.ref === undefined || e.ref === branch)
    .map((e) => ({ sha: e.after as string, at: new Date(e.timestamp as string) }))
    .filter((e) => !Number.isNaN(e.at.getTime()) && e.at.getTime() <= deadline.getTime() && !/^0+$/u.test(e.sha))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const last = pushes.at(-1);
  if (!last) return undefined;
  const known = await git(repo, ['cat-file', '-e', `${last.sha}^{commit}`]);
  if (known.exitCode !== 0)
    throw new GitDeadlineError(
      `${log}: the push at ${last.at.toISOString()} was of ${last.sha.slice(0, 12)}, which the repository does not hold (fetch it, then grade again)`,
    );
  return { sha: last.sha, at: last.at.toISOString(), source: 'git push' };
}

/** A commit's files in a new temporary folder (removed at exit), as `git archive` gives them. */
export async function checkoutCommit(repo: string, sha: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'grade-commit-'));
  made.add(dir);
  const archive = await git(repo, ['archive', '--format=tar', sha], { encoding: 'buffer' });
  if (archive.exitCode !== 0)
    throw new GitDeadlineError(
      `${repo}: git archive ${sha.slice(0, 12)} failed: ${
        Buffer.from(archive.stderr as Uint8Array)
          .toString('utf8')
          .split('\n')[0]
      }`,
    );
  const untar = await execa('tar', ['-x', '-C', dir], { input: Buffer.from(archive.stdout as Uint8Array), reject: false });
  if (untar.exitCode !== 0)
    throw new GitDeadlineError(`${repo}: the files of ${sha.slice(0, 12)} could not be unpacked: ${String(untar.stderr).split('\n')[0]}`);
  return dir;
}

/** `<dir>/<submission id>.json`, when the folder of push logs has one for it. */
export function pushLogOf(dir: string | undefined, submission: string): string | undefined {
  if (!dir) return undefined;
  const path = join(dir, `${submission}.json`);
  return existsSync(path) && statSync(path).isFile() ? path : undefined;
}
