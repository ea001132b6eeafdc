/**
 * `grade list <id> --cost`: what each test costs the bundled correct samples, graded one at a time as `grade`
 * grades them. The figure to read before a spec change ships: a test whose cases ask the students' code for much
 * more work than the verdict needs shows here first.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSIGNMENT_IDS, isAssignmentId } from '../model/ids.js';
import type { RunResults } from '../model/results.js';
import { testCosts } from '../../reports/test-cost.js';
import type { Io } from './io.js';
import { runGrade } from './grade-command.js';

export async function runCost(id: string, io: Io, root: string, version: string): Promise<number> {
  if (!isAssignmentId(id)) {
    io.err(`grade list --cost: unknown assignment '${id}'; known: ${ASSIGNMENT_IDS.join(', ')}\n`);
    return 2;
  }
  const dir = join(root, 'fixtures', 'submissions', id);
  const samples = existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.startsWith('correct'))
        .sort()
    : [];
  if (samples.length === 0) {
    io.err(
      `grade list --cost: no bundled correct samples of ${id} in ${dir} (they come with the grader's repository, not its npm package)\n`,
    );
    return 2;
  }
  const out = mkdtempSync(join(tmpdir(), 'grade-cost-'));
  try {
    io.err(`Grading the ${samples.length} bundled correct samples of ${id} one at a time...\n`);
    let said = '';
    const quiet: Io = {
      ...io,
      out: () => {},
      err: (s) => {
        said += s;
      },
      isTTY: false,
    };
    // --strength: what the figures for information would cost is worth knowing before a class is graded with them.
    const code = await runGrade(
      [...samples.map((s) => join(dir, s)), '--assignment', id, '--out', out, '--format', 'json', '--jobs', '1', '--strength'],
      quiet,
      root,
      version,
      'grade',
    );
    if (code !== 0) {
      io.err(said.slice(-2000));
      return code;
    }
    const run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
    io.out(formatCost(run));
    return 0;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** One row per test in the spec's order: each sample's own time in it, then the whole run's totals. */
export function formatCost(run: RunResults): string {
  const subs = run.submissions;
  const ids = subs[0]?.tests.map((t) => t.id) ?? [];
  const idWidth = Math.max(4, ...ids.map((i) => i.length));
  const colWidth = Math.max(9, ...subs.map((s) => s.id.length));
  const cell = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`).padStart(colWidth);
  const lines = [
    `The students' own time in each test (imports, calls, whole programs), per bundled correct sample:`,
    '',
    `${'test'.padEnd(idWidth)}  ${subs.map((s) => s.id.padStart(colWidth)).join('  ')}`,
  ];
  for (const id of ids) {
    lines.push(`${id.padEnd(idWidth)}  ${subs.map((s) => cell(s.tests.find((t) => t.id === id)?.studentMs)).join('  ')}`);
  }
  lines.push(`${'all tests'.padEnd(idWidth)}  ${subs.map((s) => cell(s.studentMs)).join('  ')}`);
  lines.push(`${'wall time'.padEnd(idWidth)}  ${subs.map((s) => cell(s.durationMs)).join('  ')}`);
  const costliest = testCosts(subs)
    .slice(0, 3)
    .filter((c) => c.totalStudentMs > 0);
  if (costliest.length > 0)
    lines.push('', `Costliest: ${costliest.map((c) => `${c.id} (median ${(c.medianStudentMs / 1000).toFixed(2)} s)`).join(', ')}`);
  return lines.join('\n') + '\n';
}
