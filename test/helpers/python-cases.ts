/**
 * Runs fixture cases' `python` snippets against a Python solution (test/python/run_cases.py) and judges each
 * against its expectation the way a lenient-where-documented check would. Test-only: the real harness is the runner's.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FixtureCase, FixtureFile } from '../../runner/model/fixture-types.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { type PyValue, formatPy, isSamePy } from '../../runner/model/py-value.js';

type Observed = {
  id: string;
  value: (PyValue | { type: 'object'; class: string; repr: string }) | null;
  stdout: string;
  raised: string | null;
};

export function fixtureFiles(assignment: string): FixtureFile[] {
  const dir = join(PROJECT_ROOT, 'fixtures', assignment);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as FixtureFile);
}

export function runPythonCases(
  submission: string,
  modules: string[],
  cases: readonly FixtureCase[],
  files: (c: FixtureCase) => Record<string, string> = () => ({}),
): Map<string, Observed> {
  const request = {
    submission,
    modules,
    cases: cases.map((c) => ({ id: c.id, python: c.python, inputs: (c.input as { inputs?: string[] }).inputs ?? [], files: files(c) })),
  };
  const proc = spawnSync('python3', [join(PROJECT_ROOT, 'test', 'python', 'run_cases.py')], {
    input: JSON.stringify(request),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (proc.status !== 0) throw new Error(`run_cases.py failed (${proc.status}): ${proc.stderr}`);
  return new Map((JSON.parse(proc.stdout) as Observed[]).map((o) => [o.id, o]));
}

/** Why an observation does not meet the case, or null when it does. */
export function mismatch(c: FixtureCase, seen: Observed, options: { stdoutEndsWith?: boolean; asSet?: boolean } = {}): string | null {
  const e = c.expected;
  const shown = (v: Observed['value']) => (v === null ? 'nothing' : v.type === 'object' ? `<${v.class}> ${v.repr}` : formatPy(v));
  if ('raises' in e) return seen.raised === e.raises ? null : `expected ${e.raises}, got ${seen.raised ?? shown(seen.value)}`;
  if (seen.raised) return `raised ${seen.raised}; stdout: ${seen.stdout.slice(-300)}`;
  const sorted = (v: PyValue): PyValue =>
    options.asSet && (v.type === 'list' || v.type === 'tuple')
      ? { ...v, items: [...v.items].sort((a, b) => formatPy(a).localeCompare(formatPy(b))) }
      : v;
  const accepted = (want: PyValue) => seen.value !== null && seen.value.type !== 'object' && isSamePy(sorted(seen.value), sorted(want));
  if ('value' in e && !('stdout' in e)) {
    if (accepted(e.value) || (c.lenient?.alsoAccepted ?? []).some(accepted)) return null;
    return `expected ${formatPy(e.value)}, got ${shown(seen.value)}`;
  }
  if ('oneOf' in e) return e.oneOf.some(accepted) ? null : `expected one of ${e.oneOf.map(formatPy).join(' ')}, got ${shown(seen.value)}`;
  // A game that ends in a tie: the document gives playGame no tie message, so a closing line naming it may follow.
  const after = seen.stdout.includes(e.stdout) ? seen.stdout.slice(seen.stdout.lastIndexOf(e.stdout) + e.stdout.length) : '';
  const tieLine = !/wins/u.test(e.stdout) && !after.includes('|') && /tie|draw/iu.test(after);
  const okOut = options.stdoutEndsWith ? seen.stdout.endsWith(e.stdout) || tieLine : seen.stdout === e.stdout;
  if (!okOut) return `stdout differs:\n--- expected\n${e.stdout}\n--- got\n${seen.stdout}`;
  if (e.value !== undefined && !accepted(e.value)) return `expected ${formatPy(e.value)}, got ${shown(seen.value)}`;
  if (e.repr !== undefined && !(seen.value?.type === 'object' && seen.value.repr === e.repr))
    return `expected an object printing as\n${e.repr}\ngot ${shown(seen.value)}`;
  return null;
}
