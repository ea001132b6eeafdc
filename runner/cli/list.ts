/** `grade list`: the assignments, and one assignment's tests with their points (or its fixtures, before it has a spec). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ASSIGNMENT_IDS, isAssignmentId, type AssignmentId } from '../model/ids.js';
import { type FixtureFile } from '../model/fixture-types.js';
import { loadSpec, specPath, SpecError } from '../pack/load-spec.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import { isPackRef } from '../pack/pack-ref.js';
import { counted } from '../counted.js';

type ListResult = { ok: true; text: string } | { ok: false; error: string };

function readFixtures(root: string, id: AssignmentId): FixtureFile[] {
  const dir = join(root, 'fixtures', id);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as FixtureFile);
}

export function listAssignments(root: string): ListResult {
  const lines = ASSIGNMENT_IDS.map((id) => {
    const files = readFixtures(root, id);
    const cases = files.reduce((n, f) => n + f.cases.length, 0);
    const graded = existsSync(specPath(root, id));
    // The title is the built-in pack's, the one place it is written.
    return `${id.padEnd(22)}${graded ? loadSpec(root, id).title : id}  (${graded ? 'graded' : 'not graded yet'}; ${files.length} targets, ${cases} golden cases)`;
  });
  return { ok: true, text: lines.join('\n') + '\n' };
}

export function listFixtures(root: string, id: string): ListResult {
  if (isPackRef(id)) {
    try {
      return { ok: true, text: formatTests(loadSpec(root, id)) };
    } catch (error) {
      if (error instanceof SpecError) return { ok: false, error: error.message };
      throw error;
    }
  }
  if (!isAssignmentId(id)) {
    return { ok: false, error: `unknown assignment '${id}'; known: ${ASSIGNMENT_IDS.join(', ')}` };
  }
  if (existsSync(specPath(root, id))) {
    try {
      return { ok: true, text: formatTests(loadSpec(root, id)) };
    } catch (error) {
      if (error instanceof SpecError) return { ok: false, error: error.message };
      throw error;
    }
  }
  const files = readFixtures(root, id);
  const width = Math.max(...files.map((f) => f.target.length), 6);
  const lines = [id, '', `${'target'.padEnd(width)}  cases  from the document  lenient  what`];
  for (const f of files) {
    const doc = f.cases.filter((c) => c.source.kind === 'document').length;
    const lenient = f.cases.filter((c) => c.lenient).length;
    lines.push(
      `${f.target.padEnd(width)}  ${String(f.cases.length).padStart(5)}  ${String(doc).padStart(17)}  ${String(lenient).padStart(7)}  ${f.description}`,
    );
  }
  return { ok: true, text: lines.join('\n') + '\n' };
}

/** Every test with its id, points and visibility, grouped by problem. */
export function formatTests(spec: ResolvedSpec): string {
  const width = Math.max(...spec.tests.map((t) => t.id.length));
  const lines = [
    spec.title,
    ...(spec.pack ? [`a course's pack extending ${spec.pack.extends} (${spec.pack.hash})${spec.due ? `, due ${spec.due}` : ''}`] : []),
    '',
  ];
  for (const group of spec.groups) {
    const manual = group.manualPoints ? ` (${group.manualPoints} of them by hand)` : '';
    lines.push(`${group.name}: ${counted(group.points, 'point')}${manual}`);
    for (const test of group.tests) {
      lines.push(`  ${test.id.padEnd(width)}  ${String(test.points).padStart(3)}  ${test.visibility.padEnd(9)}  ${test.name}`);
    }
    lines.push('');
  }
  lines.push(
    `${counted(spec.tests.length, 'test')}, ${counted(spec.maxScore, 'point')} graded automatically${spec.manualPoints ? `, ${spec.manualPoints} by hand` : ''}`,
  );
  return lines.join('\n') + '\n';
}
