/**
 * A course's own tests in its pack: under `tests`, an id the built-in does not have, with its `kind` (`calls` or
 * `session`), its problem, name and points. Their shape is checked here, where it is written, every fault at its
 * line; their cases are made by own-cases.ts once the pack resolves. Pure.
 */
import type { Spec, SpecTest } from '../model/spec-types.js';
import { nearest } from './nearest.js';
import type { Pack, PackOwnTest, PackProblem, PackTestChange } from '../model/pack-types.js';
import type { ParsedPack } from './read-pack.js';
import { unknownPlaceholders } from './titles.js';

/** What a test's id may be, as the built-ins' ids are: names joined by dots. */
const TEST_ID = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_-]+)+$/u;

/** The keys only a course's own test has, and which kind each belongs to (both: either kind). */
const OWN_KEYS: Readonly<Record<string, 'calls' | 'session' | 'both'>> = {
  kind: 'both',
  group: 'both',
  name: 'both',
  target: 'both',
  limits: 'both',
  setup: 'calls',
  calls: 'calls',
  run: 'session',
  main: 'session',
  input: 'session',
  shows: 'session',
};

/** Whether a pack's entry under `tests` is a test of the course's own: it says its kind. */
export const isOwnTest = (entry: PackTestChange | PackOwnTest | undefined): entry is PackOwnTest =>
  entry !== undefined && 'kind' in entry && entry.kind !== undefined;

/** The course's own tests a pack writes, by id, in its order. */
export const ownTests = (pack: Pack): [string, PackOwnTest][] =>
  Object.entries(pack.tests ?? {}).filter((entry): entry is [string, PackOwnTest] => isOwnTest(entry[1]));

/**
 * The faults in how a pack writes its own tests, from the data as parsed (so they are said beside the schema's): a
 * built-in's id given a kind, a test of its own without its problem, name or points, keys of the other kind, a
 * session with no program or nothing to show, a pattern that is not a regular expression; and a built-in test given a
 * key only a test of the course's own has.
 */
export function ownTestProblems(base: Spec, data: unknown, locate: ParsedPack['locate'], builtInIds: ReadonlySet<string>): PackProblem[] {
  const problems: PackProblem[] = [];
  const fault = (path: (string | number)[], message: string, key = false) => problems.push({ path, ...locate(path, { key }), message });
  const tests = typeof data === 'object' && data !== null ? (data as { tests?: unknown }).tests : undefined;
  if (typeof tests !== 'object' || tests === null || Array.isArray(tests)) return problems;
  const groups = base.groups.map((g) => g.id);
  for (const [id, raw] of Object.entries(tests as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const entry = raw as Record<string, unknown>;
    const kind = entry['kind'];
    if (kind === undefined) {
      // A built-in test is changed, not written again: the keys of a test of the course's own are out of place.
      const own = Object.keys(entry).filter((key) => key in OWN_KEYS);
      if (builtInIds.has(id))
        for (const key of own)
          fault(
            ['tests', id, key],
            `${key} belongs to a test of the course's own, which says its kind (calls or session) under an id of its own; ${id} is ${base.assignment}'s, which a pack changes by points, visibility, hint and enabled`,
            true,
          );
      continue;
    }
    if (kind !== 'calls' && kind !== 'session') continue;
    if (builtInIds.has(id)) {
      fault(
        ['tests', id, 'kind'],
        `${id} is a test of ${base.assignment}: a test of the course's own takes an id of its own (such as ${id}.course); a built-in test is changed without kind`,
        true,
      );
      continue;
    }
    if (!TEST_ID.test(id))
      fault(
        ['tests', id],
        `a test's id is names joined by dots, such as board.undo or play.quit (letters, digits, _ and -), not '${id}'`,
        true,
      );
    const group = entry['group'];
    if (group === undefined)
      fault(['tests', id], `a test of the course's own says its group, the problem it counts in (${groups.join(', ')})`, true);
    else if (typeof group === 'string' && !groups.includes(group))
      fault(
        ['tests', id, 'group'],
        `no group '${group}' in ${base.assignment}${nearest(group, groups)} (its groups: ${groups.join(', ')})`,
      );
    if (entry['name'] === undefined)
      fault(['tests', id], "a test of the course's own says its name: what it checks, as reports and the student's check show it", true);
    else if (typeof entry['name'] === 'string')
      for (const message of unknownPlaceholders(entry['name'], base)) fault(['tests', id, 'name'], message);
    if (entry['points'] === undefined) fault(['tests', id], "a test of the course's own says its points", true);
    for (const key of Object.keys(entry).filter((k) => OWN_KEYS[k] !== undefined && OWN_KEYS[k] !== 'both' && OWN_KEYS[k] !== kind)) {
      fault(
        ['tests', id, key],
        `${key} is for a ${OWN_KEYS[key]} test; this one is kind: ${kind}${kind === 'calls' ? ' (its Python goes in setup and calls)' : ' (its program is run or main, what is typed input, and what it must show shows)'}`,
        true,
      );
    }
    if (kind === 'calls' && entry['calls'] === undefined)
      fault(['tests', id], 'a calls test lists its calls: each a call and what it gives (expected, prints or raises)', true);
    if (kind === 'session') {
      if (entry['run'] === undefined && entry['main'] === undefined)
        fault(
          ['tests', id],
          'a session says what it runs: run (the Python that starts the program, such as play()) or main: true (the file a person runs)',
          true,
        );
      if (entry['run'] !== undefined && entry['main'] !== undefined)
        fault(['tests', id, 'main'], 'a session runs one program: run or main, not both', true);
      if (entry['shows'] === undefined)
        fault(['tests', id], 'a session says what its transcript must show (shows: the lines, or { pattern })', true);
      const shows = Array.isArray(entry['shows']) ? entry['shows'] : [];
      shows.forEach((shown: unknown, i) => {
        const pattern = typeof shown === 'object' && shown !== null ? (shown as { pattern?: unknown }).pattern : undefined;
        if (typeof pattern !== 'string') return;
        try {
          new RegExp(pattern, 'u');
        } catch (error) {
          fault(['tests', id, 'shows', i, 'pattern'], `not a regular expression (${(error as Error).message})`);
        }
      });
    }
    if (entry['enabled'] === false)
      fault(
        ['tests', id, 'enabled'],
        "a test of the course's own is left out by deleting it (or commenting it out), not by enabled: false",
        true,
      );
  }
  return problems;
}

/**
 * The course's own tests as spec tests, by the group each counts in, in the pack's order: what applyPack adds to
 * each problem after the built-in's tests. Their cases come later (own-cases.ts); a target not given is read from
 * their Python then.
 */
export function ownSpecTests(pack: Pack, released: boolean): Map<string, SpecTest[]> {
  const byGroup = new Map<string, SpecTest[]>();
  for (const [id, own] of ownTests(pack)) {
    const visibility = own.visibility === 'after-due' && released ? 'visible' : (own.visibility ?? 'visible');
    const test: SpecTest = {
      id,
      name: own.name,
      target: own.target ?? id,
      kind: own.kind,
      points: own.points ?? 0,
      visibility,
      ...(own.hint !== undefined && { hint: own.hint }),
      ...(own.limits && { limits: own.limits }),
    };
    byGroup.set(own.group, [...(byGroup.get(own.group) ?? []), test]);
  }
  return byGroup;
}
