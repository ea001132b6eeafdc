/**
 * The links a spec makes to its assignment's code, checked when it loads: each test's check, property and target
 * must be one the assignment declares (runner/assignments/<id>/links.ts), and each test the code names (a game replay's
 * parts, the tests that charge a shared mistake first) must be in the spec. A fault is refused with the spec's file, line and column, before anything is graded. Pure.
 */
import type { SpecLinks } from '../plan/assignment.js';
import type { Spec } from '../model/spec-types.js';
import { nearest } from './nearest.js';
import type { PackProblem } from '../model/pack-types.js';

type Locate = (path: readonly (string | number)[]) => { line: number; column: number };

export function specLinkProblems(spec: Spec, links: SpecLinks, locate: Locate, linksFile: string): PackProblem[] {
  const problems: PackProblem[] = [];
  const fault = (path: (string | number)[], message: string) => problems.push({ path, ...locate(path), message });
  const known = (kind: string, name: string, list: readonly string[]) =>
    `no ${kind} '${name}' in ${spec.assignment}${nearest(name, list)} (${linksFile} lists them)`;
  spec.groups.forEach((group, g) => {
    group.tests.forEach((test, t) => {
      const at = ['groups', g, 'tests', t];
      if (!links.targets.includes(test.target)) fault([...at, 'target'], known('target', test.target, links.targets));
      if (test.check !== undefined) {
        const checks = test.kind === 'program' ? links.programChecks : links.checks;
        if (!checks.includes(test.check))
          fault([...at, 'check'], known(test.kind === 'program' ? 'program check' : 'check', test.check, checks));
      }
      if (test.property !== undefined && !links.properties.includes(test.property))
        fault([...at, 'property'], known('property', test.property, links.properties));
      if (test.kind === 'property' && test.property === undefined) fault(at, 'a property test names its property');
    });
  });
  const ids = spec.groups.flatMap((g) => g.tests.map((t) => t.id));
  for (const id of links.named.filter((r) => !ids.includes(r))) {
    fault([], `${linksFile}: the code names test '${id}', which the spec does not have${nearest(id, ids)}`);
  }
  return problems;
}
