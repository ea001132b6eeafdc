/**
 * Resolves an assignment's spec, read and checked against its schema by the pack reader: a spec that names a
 * fixture that is not there, selects no case or whose points do not add up stops with a SpecError naming the place
 * of the fault.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FixtureCase, FixtureFile } from '../model/fixture-types.js';
import { pinnedHangLimits, resolveLimits, scaleTimeLimits, type Limits } from '../model/limits.js';
import { globToRegExp } from './globs.js';
import type { ResolvedSpec, ResolvedTest, Spec, SpecTest } from '../model/spec-types.js';

export class SpecError extends Error {
  readonly code = 'bad-spec';
  /** Where in its file the fault is, when the reader kept places: what `grade lint` lists. */
  constructor(
    message: string,
    readonly place?: { readonly line: number; readonly column: number; readonly label: string; readonly fault: string },
  ) {
    super(message);
  }
}

/** A built-in's pack: spec/<id>/assignment.yml. */
export function specPath(root: string, assignment: string): string {
  return join(root, 'spec', assignment, 'assignment.yml');
}

/** A fixture file by name, when it is not the one under fixtures/<assignment>/ (a pack's own board sizes). */
export type FixtureSource = (name: string) => FixtureFile | undefined;

/** Where a fault of the spec sits: its file, and its line and column when the reader kept places. */
type Place = (path: readonly (string | number)[]) => { line: number; column: number };

/**
 * The spec with its limits filled in and its fixtures' cases selected. It was checked against its schema when read
 * (runner/pack/read-pack.ts); what only the fixtures can tell is checked here.
 */
export function resolveSpec(
  root: string,
  spec: Spec,
  path: string,
  options: { place?: Place; fixtures?: FixtureSource } = {},
): ResolvedSpec {
  const { place } = options;
  // A fault at a test or group: its file and place (file:line:column when the reader kept places) and its label.
  const at = (where: (string | number)[], label: string) => ({ where, label });
  const fault = ({ where, label }: { where: (string | number)[]; label: string }, message: string): SpecError => {
    if (!place) return new SpecError(`${path} ${label}: ${message}`);
    const { line, column } = place(where);
    return new SpecError(`${path}:${line}:${column}: ${label}: ${message}`, { line, column, label, fault: message });
  };
  const scale = testTimeScale();
  const limitsOf = (...layers: readonly (Partial<Limits> | undefined)[]): Limits => scaleTimeLimits(resolveLimits(...layers), scale);
  const limits = limitsOf(spec.limits);
  const fixtures = new Map<string, FixtureFile>();
  const fixture = (name: string, where: ReturnType<typeof at>): FixtureFile => {
    const cached = fixtures.get(name);
    if (cached) return cached;
    const given = options.fixtures?.(name);
    if (given) {
      fixtures.set(name, given);
      return given;
    }
    const file = join(root, 'fixtures', spec.assignment, `${name}.json`);
    if (!existsSync(file)) throw fault(where, `no fixture file fixtures/${spec.assignment}/${name}.json`);
    const loaded = JSON.parse(readFileSync(file, 'utf8')) as FixtureFile;
    fixtures.set(name, loaded);
    return loaded;
  };
  const ids = new Set<string>();
  const roles = new Set(spec.files.map((f) => f.role));
  const groups = spec.groups.map((group, g) => {
    const tests = group.tests.map((test, t): ResolvedTest => {
      const where = at(['groups', g, 'tests', t], `tests.${test.id}`);
      if (ids.has(test.id)) throw fault(where, `the test id is used twice`);
      ids.add(test.id);
      if (test.file !== undefined && !roles.has(test.file)) throw fault(where, `file '${test.file}' is not one of the spec's files`);
      if (test.kind === 'strength' && test.points > 0 && test.minKeeps === undefined) {
        throw fault(where, `a strength test with points needs minKeeps, the share of positions its AI must keep the value of`);
      }
      if (test.minKeeps !== undefined && test.kind !== 'strength') throw fault(where, `minKeeps is for strength tests only`);
      const fixtureCases = test.fixture ? selectCases(fixture(test.fixture, where).cases, test) : [];
      if (test.fixture && fixtureCases.length === 0)
        throw fault(at(['groups', g, 'tests', t, 'cases'], `tests.${test.id}.cases`), `its selectors match no case in ${test.fixture}`);
      const { limits: own, ...rest } = test;
      return { ...rest, group: group.name, groupId: group.id, limits: limitsOf(spec.limits, own), fixtureCases };
    });
    const sum = tests.reduce((total, test) => total + test.points, 0) + (group.manualPoints ?? 0);
    if (Math.abs(sum - group.points) > 1e-9) {
      throw fault(at(['groups', g, 'points'], `groups.${group.id}`), `its tests and manual points add up to ${sum}, not ${group.points}`);
    }
    return { ...group, tests };
  });
  const tests = groups.flatMap((group) => group.tests);
  return {
    assignment: spec.assignment,
    title: spec.title,
    document: spec.document,
    limits,
    packages: spec.packages ?? [],
    courseModules: spec.courseModules ?? [],
    ...(spec.api && { api: spec.api }),
    ...(spec.texts && { texts: spec.texts }),
    files: spec.files,
    groups,
    tests,
    maxScore: tests.reduce((total, test) => total + test.points, 0),
    manualPoints: spec.groups.reduce((total, group) => total + (group.manualPoints ?? 0), 0),
  };
}

/**
 * CONNECT4_TEST_TIME_SCALE: the grader's own test suites grade the samples that hang under every time limit times
 * this factor (0 < factor ≤ 1), since their verdict is that they hang, not how long the limit is. The scaled limits
 * show in results.json's settings. Anything else is refused, so a typo cannot grade a class under a wrong limit.
 */
function testTimeScale(): number {
  const raw = process.env['CONNECT4_TEST_TIME_SCALE'];
  if (raw === undefined || raw === '') return 1;
  const factor = Number(raw);
  if (!(factor > 0 && factor <= 1)) throw new SpecError(`CONNECT4_TEST_TIME_SCALE must be a number above 0 and at most 1, not '${raw}'`);
  return factor;
}

/**
 * CONNECT4_TEST_TIME_SCALE_FOR=`<factor>:<id>,<id>`: the same for the named submissions only, so a suite grading real
 * work can wait less on the few pinned to hang without changing the limits of the rest. Undefined when unset.
 */
export function submissionTimeScale(): { readonly factor: number; readonly ids: ReadonlySet<string> } | undefined {
  const raw = process.env['CONNECT4_TEST_TIME_SCALE_FOR'];
  if (raw === undefined || raw === '') return undefined;
  const m = /^([0-9.]+):(.+)$/u.exec(raw);
  const factor = Number(m?.[1]);
  if (!m || !(factor > 0 && factor <= 1))
    throw new SpecError(`CONNECT4_TEST_TIME_SCALE_FOR must be <factor>:<id>,<id> with a factor above 0 and at most 1, not '${raw}'`);
  return {
    factor,
    ids: new Set(
      m[2]!
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  };
}

/** The spec with every time limit times `factor` (none below the scaled floor: runner/model/limits.ts). */
export function withTimeScale(spec: ResolvedSpec, factor: number): ResolvedSpec {
  return {
    ...spec,
    limits: scaleTimeLimits(spec.limits, factor),
    tests: spec.tests.map((t) => ({ ...t, limits: scaleTimeLimits(t.limits, factor) })),
  };
}

/**
 * CONNECT4_TEST_HANGS_FOR=`<id>/<test>,<id>/<test>`: tests the grader's own suites pin to hang, by submission, each
 * waited on for a short limit (runner/model/limits.ts, PINNED_HANG_MS). Empty when unset; a malformed entry is
 * refused, so a typo cannot leave a suite waiting out whole limits unnoticed.
 */
export function pinnedHangs(): ReadonlyMap<string, ReadonlySet<string>> {
  const raw = process.env['CONNECT4_TEST_HANGS_FOR'];
  const hangs = new Map<string, Set<string>>();
  if (raw === undefined || raw === '') return hangs;
  for (const entry of raw.split(',')) {
    const m = /^([^/\s]+)\/([^/\s]+)$/u.exec(entry.trim());
    if (!m) throw new SpecError(`CONNECT4_TEST_HANGS_FOR must be <submission>/<test>,<submission>/<test>, not '${raw}' (at '${entry}')`);
    hangs.set(m[1]!, (hangs.get(m[1]!) ?? new Set()).add(m[2]!));
  }
  return hangs;
}

/** The spec with the named tests' calls, programs and prompts limited as pinned hangs (pinnedHangLimits). */
export function withPinnedHangs(spec: ResolvedSpec, tests: ReadonlySet<string>): ResolvedSpec {
  const unknown = [...tests].filter((id) => !spec.tests.some((t) => t.id === id));
  if (unknown.length > 0)
    throw new SpecError(`CONNECT4_TEST_HANGS_FOR names tests ${spec.assignment} does not have: ${unknown.join(', ')}`);
  return { ...spec, tests: spec.tests.map((t) => (tests.has(t.id) ? { ...t, limits: pinnedHangLimits(t.limits) } : t)) };
}

/**
 * CONNECT4_TEST_ORDER=<seed>: the grader's own suites grade each submission with the spec's tests in an order of their
 * own, seeded by this and the submission's id, to show that no verdict depends on where a test stands. Results keep
 * the spec's order. Undefined when unset; anything but a whole number is refused.
 */
export function testOrderSeed(): number | undefined {
  const raw = process.env['CONNECT4_TEST_ORDER'];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/u.test(raw)) throw new SpecError(`CONNECT4_TEST_ORDER must be a whole number (a seed), not '${raw}'`);
  return Number(raw);
}

/** The spec with its tests in a seeded order of their own (Fisher-Yates on a small LCG): the same seed, the same order. */
export function withTestsShuffled(spec: ResolvedSpec, seed: number): ResolvedSpec {
  let state = seed >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const tests = [...spec.tests];
  for (let i = tests.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [tests[i], tests[j]] = [tests[j]!, tests[i]!];
  }
  return { ...spec, tests };
}

/** Cases whose id matches one of the globs (`*` is any run of characters) and whose input passes `where`. */
export function selectCases(cases: readonly FixtureCase[], test: Pick<SpecTest, 'cases' | 'where'>): FixtureCase[] {
  const patterns = (test.cases ?? ['*']).map((glob) => globToRegExp(glob));
  return cases.filter((c) => patterns.some((p) => p.test(c.id)) && matchesWhere(c.input, test.where));
}

function matchesWhere(input: Readonly<Record<string, unknown>>, where: SpecTest['where']): boolean {
  if (!where) return true;
  return Object.entries(where).every(([path, allowed]) => {
    let value: unknown = input;
    for (const key of path.split('.'))
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    return allowed.some((a) => a === value);
  });
}
