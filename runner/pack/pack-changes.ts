/** What a pack changes in its built-in, line by line, for `grade lint`'s account. Pure. */
import type { ResolvedSpec } from '../spec/spec-types.js';

export function packChanges(base: ResolvedSpec, spec: ResolvedSpec): string[] {
  const lines: string[] = [];
  if (spec.title !== base.title) lines.push(`title: ${JSON.stringify(spec.title)}`);
  for (const file of spec.files) {
    const was = base.files.find((f) => f.role === file.role);
    if (was && was.names.join() !== file.names.join()) lines.push(`files.${file.role}: ${file.names.join(', ')} (was ${was.names.join(', ')})`);
  }
  for (const group of base.groups) {
    const now = spec.groups.find((g) => g.id === group.id);
    if (!now) {
      lines.push(`groups.${group.id}: left out (every test disabled)`);
      continue;
    }
    if (now.name !== group.name) lines.push(`groups.${group.id}: named ${JSON.stringify(now.name)}`);
    if ((now.manualPoints ?? 0) !== (group.manualPoints ?? 0)) lines.push(`groups.${group.id}: ${now.manualPoints ?? 0} points by hand (was ${group.manualPoints ?? 0})`);
    if (now.points !== group.points) lines.push(`groups.${group.id}: ${now.points} points (was ${group.points})`);
  }
  for (const test of base.tests) {
    const now = spec.tests.find((t) => t.id === test.id);
    if (!now) {
      lines.push(`tests.${test.id}: disabled`);
      continue;
    }
    const examples = now.fixtureCases.filter((c) => c.id.includes('.example.')).length;
    const said = [
      now.points !== test.points && `${now.points} points (was ${test.points})`,
      examples > 0 && `${examples} handout example${examples === 1 ? '' : 's'} added`,
      now.visibility !== test.visibility && `${now.visibility} (was ${test.visibility})`,
      now.hint !== test.hint && 'its own hint',
    ].filter(Boolean);
    if (said.length > 0) lines.push(`tests.${test.id}: ${said.join(', ')}`);
  }
  return lines;
}
