/**
 * A pack applied to the built-in spec it extends: each change checked against what the base has (a role, group or
 * test id that is not the base's is a fault at its line, with the nearest right name), then made. Pure.
 */
import type { Spec, SpecGroup, SpecTest } from '../model/spec-types.js';
import { inCourseNames } from './course-names.js';
import { unknownPlaceholders } from './titles.js';
import { NAMES_USED, withNamesUsed } from './names-used-test.js';
import { ownSpecTests } from './own-tests.js';
import type { Pack, PackProblem } from '../model/pack-types.js';
import type { ParsedPack } from './read-pack.js';
import { nearest } from './nearest.js';

export interface AppliedPack {
  readonly spec: Spec;
  readonly problems: readonly PackProblem[];
}

/**
 * The ids a pack names that its base does not have. Reads keys only, so it runs on a pack the schema refused too
 * and a course sees every fault at once.
 */
export function linkProblems(
  base: Spec,
  data: unknown,
  locate: ParsedPack['locate'],
  former: ReadonlySet<string> = new Set(),
): PackProblem[] {
  const problems: PackProblem[] = [];
  const fault = (path: (string | number)[], message: string, key = false) => problems.push({ path, ...locate(path, { key }), message });
  const section = (name: string): Record<string, unknown> => {
    const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  };
  const roles = new Set(base.files.map((f) => f.role));
  const roleList = ` (its roles: ${base.files.map((f) => `${f.role} for ${f.names[0]}`).join(', ')})`;
  for (const role of Object.keys(section('files'))) {
    // A role is named by the built-in, whatever its file is called: a file's name written as a role points to its role.
    const byName = base.files.find((f) => f.names.some((n) => n.toLowerCase() === role.toLowerCase()));
    const suggestion = byName ? `; files are keyed by role: ${role} is ${byName.role}'s file` : nearest(role, roles);
    if (!roles.has(role)) fault(['files', role], `no file role '${role}' in ${base.assignment}${suggestion}${roleList}`, true);
  }
  const groupIds = new Set(base.groups.map((g) => g.id));
  const groupList = ` (its groups: ${base.groups.map((g) => `${g.id} ${JSON.stringify(g.name)}`).join(', ')})`;
  for (const id of Object.keys(section('groups'))) {
    const byName = base.groups.find((g) => g.name.toLowerCase() === id.toLowerCase());
    const suggestion = byName ? `; groups are keyed by id: ${JSON.stringify(id)} is ${byName.id}` : nearest(id, groupIds);
    if (!groupIds.has(id)) fault(['groups', id], `no group '${id}' in ${base.assignment}${suggestion}${groupList}`, true);
  }
  const testIds = new Set(withNamesUsed(base, section('names')).groups.flatMap((g) => g.tests.map((t) => t.id)));
  const documentIds = documentTestIds(section('names'));
  for (const [id, entry] of Object.entries(section('tests'))) {
    // A test of the course's own is a new id with its kind (own-tests.ts checks it).
    if (typeof entry === 'object' && entry !== null && 'kind' in entry) continue;
    // A test's id keeps the document's names when the pack renames the API (board.add_checker, not board.add_move).
    const documents = documentIds(id).find((d) => testIds.has(d));
    const suggestion =
      id === NAMES_USED
        ? ': it is the test a pack adds when its names: rename the API, and this one renames nothing'
        : former.has(id)
          ? ': an earlier version of the built-in had it, and this one has left it out; delete its entry (grade lint --upgrade, once the pack loads, lists what else changed)'
          : documents
            ? `; test ids keep the document's names: ${documents}`
            : `${nearest(id, testIds)} (a test of the course's own says its kind: calls or session)`;
    if (!testIds.has(id)) fault(['tests', id], `no test '${id}' in ${base.assignment}${suggestion}`, true);
  }
  const texts = base.texts ?? {};
  for (const [key, wording] of Object.entries(section('texts'))) {
    if (!(key in texts)) {
      fault(
        ['texts', key],
        `no text '${key}' in ${base.assignment}${nearest(key, Object.keys(texts))}${Object.keys(texts).length > 0 ? ` (its texts: ${Object.keys(texts).join(', ')})` : ': it fixes no text a check compares'}`,
        true,
      );
    } else if (texts[key]!.kind === 'command' && typeof wording === 'string' && (/\s/u.test(wording) || /^\d+$/u.test(wording))) {
      fault(['texts', key], `a command is one word typed on its own line, and not a column number: ${JSON.stringify(wording)}`);
    }
  }
  const api = new Set(base.api ?? []);
  for (const name of Object.keys(section('names'))) {
    if (!api.has(name))
      fault(['names', name], `'${name}' is not a name of ${base.assignment}'s API${nearest(name, api)} (grade init lists them)`, true);
  }
  return problems;
}

/** The pack's changes made to its base, once the schema and linkProblems found nothing; faults of values are returned. */
export function applyPack(builtIn: Spec, pack: Pack, locate: ParsedPack['locate'], now: Date): AppliedPack {
  // A pack that renames the API grades that its students use the names (names.used).
  const base = withNamesUsed(builtIn, pack.names);
  const problems: PackProblem[] = [];
  const fault = (path: (string | number)[], message: string, key = false) => problems.push({ path, ...locate(path, { key }), message });
  const dueAt = pack.due === undefined ? undefined : new Date(pack.due);
  if (pack.due !== undefined && !isRealDate(pack.due)) fault(['due'], `'${pack.due}' is not a date that exists`);
  for (const [id, change] of Object.entries(pack.tests ?? {})) {
    if (change.visibility === 'after-due' && pack.due === undefined)
      fault(['tests', id, 'visibility'], "after-due needs the pack's due: the date and time the test is shown from");
    for (const message of unknownPlaceholders(change.hint ?? '', base)) fault(['tests', id, 'hint'], message);
  }

  const courseNames = pack.names ?? {};
  for (const problem of nameClashes(base.api ?? [], courseNames)) fault(['names', problem.doc], problem.message);
  const files = base.files.map((file) => {
    const names = pack.files?.[file.role]?.names;
    // A file found by what it defines is found by the course's names.
    const defines = file.defines?.map((name) => courseNames[name] ?? name);
    return { ...file, ...(names && { names }), ...(defines && { defines }) };
  });
  const owner = new Map<string, string>();
  for (const file of files) {
    for (const name of file.names) {
      const other = owner.get(name.toLowerCase());
      if (other !== undefined && other !== file.role)
        fault(
          ['files', pack.files?.[file.role] ? file.role : other, 'names'],
          `${name} would be the file of both ${other} and ${file.role}; give each role its own names`,
        );
      owner.set(name.toLowerCase(), file.role);
    }
  }
  const released = dueAt !== undefined && now.getTime() >= dueAt.getTime();
  // The course's own tests, each after the built-in's tests of the problem it counts in.
  const own = ownSpecTests(pack, released);
  const groups: SpecGroup[] = [];
  for (const group of base.groups) {
    const groupChange = pack.groups?.[group.id] ?? {};
    const tests: SpecTest[] = [];
    for (const test of group.tests) {
      const change = pack.tests?.[test.id];
      if (change?.enabled === false) continue;
      if (!change) {
        tests.push(test);
        continue;
      }
      const points = change.points ?? test.points;
      if (test.kind === 'strength' && points > 0 && test.minKeeps === undefined) {
        fault(
          ['tests', test.id, 'points'],
          'an AI strength test only reports its figure here (the built-in gives it no minKeeps); leave it at 0 points',
        );
      }
      // after-due is hidden until the due date passes, then a visible test like any other.
      const visibility = change.visibility === 'after-due' && released ? 'visible' : (change.visibility ?? test.visibility);
      tests.push({ ...test, points, visibility, ...(change.hint !== undefined && { hint: change.hint }) });
    }
    tests.push(...(own.get(group.id) ?? []));
    const manualPoints = groupChange.manualPoints ?? group.manualPoints ?? 0;
    const sum = tests.reduce((total, t) => total + t.points, 0) + manualPoints;
    if (groupChange.points !== undefined && Math.abs(groupChange.points - sum) > 1e-9) {
      const added = tests.find((t) => t.id === NAMES_USED);
      fault(
        ['groups', group.id, 'points'],
        `its tests and hand-graded points add up to ${sum}, not ${groupChange.points}${added ? ` (${NAMES_USED}, the test names: adds, is ${added.points} of them)` : ''}; write ${sum} or change the tests' points`,
      );
    }
    if (tests.length === 0) {
      if (manualPoints > 0)
        fault(
          ['groups', group.id],
          `every test of '${group.id}' is disabled but it keeps ${manualPoints} hand-graded points; a group needs one test`,
          true,
        );
      continue;
    }
    groups.push({ ...group, name: groupChange.name ?? group.name, points: sum, ...(manualPoints > 0 && { manualPoints }), tests });
  }
  if (groups.length === 0) fault(['tests'], 'every test is disabled: a pack must grade something', true);
  // What a student reads of a test says the course's names.
  const named = groups.map((g) => ({
    ...g,
    tests: g.tests.map((t) => ({
      ...t,
      name: inCourseNames(t.name, courseNames),
      ...(t.hint !== undefined && { hint: inCourseNames(t.hint, courseNames) }),
    })),
  }));
  return { spec: { ...builtIn, ...(pack.title !== undefined && { title: pack.title }), files, groups: named }, problems };
}

/**
 * The course's names that cannot be: a Python keyword, two names of one scope (the module, or one class) made one,
 * or the document's name of another part of the API in that scope (`Board.add_checker: add_checkers`), whether that
 * part keeps its name or is renamed too (the grader calls each part by its document's name as well, so names cannot
 * be swapped). A name a course gives back to itself changes nothing.
 */
export function nameClashes(api: readonly string[], names: Readonly<Record<string, string>>): { doc: string; message: string }[] {
  const scopeOf = (doc: string, name: string) => (doc.includes('.') ? `${doc.split('.')[0]}.${name}` : name);
  const documents = new Map(api.map((doc) => [scopeOf(doc, doc.split('.').at(-1)!), doc] as const));
  const renamed = (doc: string) => names[doc] !== undefined && names[doc] !== doc.split('.').at(-1);
  const taken = new Map<string, string>();
  const clashes: { doc: string; message: string }[] = [];
  for (const [doc, course] of Object.entries(names)) {
    if (course === doc.split('.').at(-1)) continue;
    const scope = scopeOf(doc, course);
    const where = doc.includes('.') ? `class ${doc.split('.')[0]}` : 'the module';
    if (PYTHON_KEYWORDS.has(course))
      clashes.push({ doc, message: `${course} is a Python keyword: no class, function or method can have it as its name` });
    else if (documents.has(scope) && !renamed(documents.get(scope)!))
      clashes.push({
        doc,
        message: `${doc} would be ${course}, which ${documents.get(scope)} keeps as its name in ${where}: two parts of the API cannot share a name (rename ${documents.get(scope)} too, or choose another)`,
      });
    // The grader calls every part by the document's name as well, so a document's name cannot pass to another part.
    else if (documents.has(scope))
      clashes.push({
        doc,
        message: `${course} is the document's name of ${documents.get(scope)}, which this pack renames: a name cannot pass from one part of the API to another (choose a name the document does not use)`,
      });
    else if (taken.has(scope)) clashes.push({ doc, message: `${doc} and ${taken.get(scope)} would both be ${course}` });
    taken.set(scope, doc);
  }
  return clashes;
}

const PYTHON_KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

/** The schema checked the shape; Date would roll 30 February into March, so the calendar is checked here. */
function isRealDate(iso: string): boolean {
  const [, y, m, d, h, min, s, zh, zm] =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/u.exec(iso)?.map(Number) ?? [];
  if (y === undefined || m === undefined || d === undefined) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return (
    m >= 1 &&
    m <= 12 &&
    d >= 1 &&
    d <= daysInMonth &&
    h! <= 23 &&
    min! <= 59 &&
    (Number.isNaN(s) || s! <= 59) &&
    (Number.isNaN(zh) || (zh! <= 14 && zm! <= 59))
  );
}

/** A test id written with the course's names (board.add_move), as the document's names would write it. */
function documentTestIds(names: Record<string, unknown>): (id: string) => string[] {
  const back = new Map<string, string[]>();
  for (const [doc, course] of Object.entries(names)) {
    // A class's tests start with its name in lower case (Board: Grid, board.reset written grid.reset).
    if (typeof course === 'string')
      for (const written of new Set([course, course.toLowerCase()]))
        back.set(written, [...(back.get(written) ?? []), doc.split('.').at(-1)!]);
  }
  // Every part as written or as the document names it: the ids those make.
  return (id) =>
    id
      .split('.')
      .reduce<string[]>(
        (made, part) => {
          const ways = [part, ...(back.get(part) ?? []).flatMap((doc) => [doc, doc.toLowerCase()])];
          return made.flatMap((start) => ways.map((way) => (start === '' ? way : `${start}.${way}`)));
        },
        [''],
      )
      .filter((made) => made !== id);
}
