/**
 * A built-in assignment written as a pack (`spec/<id>/assignment.yml`, checked by `spec/schema.json`): the same
 * sections a course's pack has (files, groups and tests by id, texts by key), each with every value, plus the links
 * to the grader's code a course may not change. Turned here into the spec the resolver reads, where groups hold
 * their tests in file order. Pure.
 */
import type { PackProblem } from '../model/pack-types.js';
import type { Spec, SpecFileRole, SpecGroup, SpecTest } from '../model/spec-types.js';

/** The built-in pack as its YAML reads, once the schema passed it: the spec's fields, with its lists keyed by id. */
export interface BuiltInPack extends Omit<Spec, 'files' | 'groups'> {
  readonly files: Readonly<Record<string, Omit<SpecFileRole, 'role'>>>;
  readonly groups: Readonly<Record<string, Omit<SpecGroup, 'id' | 'tests'>>>;
  readonly tests: Readonly<Record<string, Omit<SpecTest, 'id'> & { readonly group: string }>>;
}

type Locate = (path: readonly (string | number)[], options?: { key?: boolean }) => { line: number; column: number };

/** The spec a built-in pack describes, or its faults: a test in a group the pack does not have, a group with no test. */
export function specOfBuiltIn(pack: BuiltInPack, locate: Locate): { spec?: Spec; problems: PackProblem[] } {
  const problems: PackProblem[] = [];
  const groupIds = Object.keys(pack.groups);
  for (const [id, test] of Object.entries(pack.tests)) {
    if (!groupIds.includes(test.group)) {
      const path = ['tests', id, 'group'];
      problems.push({ path, ...locate(path), message: `no group '${test.group}' in this file (its groups: ${groupIds.join(', ')})` });
    }
  }
  const groups = Object.entries(pack.groups).map(([id, group]): SpecGroup => ({
    id,
    ...group,
    tests: Object.entries(pack.tests)
      .filter(([, test]) => test.group === id)
      .map(([testId, { group: _group, ...test }]) => ({ id: testId, ...test })),
  }));
  for (const group of groups.filter((g) => g.tests.length === 0)) {
    const path = ['groups', group.id];
    problems.push({
      path,
      ...locate(path, { key: true }),
      message: 'a group with no test: give a test group: ' + group.id + ', or remove the group',
    });
  }
  if (problems.length > 0) return { problems };
  const { files, groups: _groups, tests: _tests, ...rest } = pack;
  return { spec: { ...rest, files: Object.entries(files).map(([role, file]) => ({ role, ...file })), groups }, problems };
}

/**
 * Where a place in the spec sits in its built-in pack: a test by its id (`groups.1.tests.2.check` is
 * `tests.<id>.check`), a file role and a group by theirs.
 */
export function builtInPlace(spec: Spec, path: readonly (string | number)[]): (string | number)[] {
  const [section, index, ...rest] = path;
  if (section === 'groups' && typeof index === 'number') {
    const group = spec.groups[index];
    if (!group) return [...path];
    if (rest[0] === 'tests' && typeof rest[1] === 'number') {
      const test = group.tests[rest[1]];
      return test ? ['tests', test.id, ...rest.slice(2)] : ['groups', group.id];
    }
    return ['groups', group.id, ...rest];
  }
  if (section === 'files' && typeof index === 'number') {
    const file = spec.files[index];
    return file ? ['files', file.role, ...rest] : [...path];
  }
  return [...path];
}
