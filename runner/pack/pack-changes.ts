/**
 * What a pack changes in its built-in, line by line, for `grade lint`'s account. `kept` holds the paths whose value the
 * pack keeps from an earlier version of the built-in (runner/pack/pack-upgrade.ts): not the course's changes, and
 * said apart. Pure.
 */
import type { ResolvedSpec, ResolvedTest } from '../model/spec-types.js';
import { counted } from '../counted.js';

export function packChanges(base: ResolvedSpec, spec: ResolvedSpec, kept: ReadonlySet<string> = new Set()): string[] {
  const lines: string[] = [];
  const own = (path: string) => !kept.has(path);
  if (spec.title !== base.title && own('title')) lines.push(`title: ${JSON.stringify(spec.title)}`);
  if (spec.due !== undefined) lines.push(`due: ${spec.due} (after-due tests are shown from then)`);
  for (const [doc, course] of Object.entries(spec.names ?? {}))
    lines.push(
      `names.${doc}: ${course} (students write ${doc.includes('.') ? `${spec.names?.[doc.split('.')[0]!] ?? doc.split('.')[0]}.${course}` : course}; the document says ${doc})`,
    );
  for (const [key, text] of Object.entries(spec.texts ?? {})) {
    const was = base.texts?.[key];
    if (was && was.text !== text.text && own(`texts.${key}`))
      lines.push(
        `texts.${key}: ${JSON.stringify(text.text)} (was ${JSON.stringify(was.text)}: ${was.says})${was.notGraded ? `; not graded: ${was.notGraded}` : ''}`,
      );
  }
  if (spec.boards) {
    const sizes = spec.boards.sizes.map((s) => `${s.rows} × ${s.columns}`).join(', ');
    lines.push(`boards: generated cases on boards of ${sizes} (rows × columns)`);
  }
  for (const file of spec.files) {
    const was = base.files.find((f) => f.role === file.role);
    if (was && was.names.join() !== file.names.join() && own(`files.${file.role}.names`))
      lines.push(`files.${file.role}: ${file.names.join(', ')} (was ${was.names.join(', ')})`);
  }
  for (const group of base.groups) {
    const now = spec.groups.find((g) => g.id === group.id);
    if (!now) {
      lines.push(`groups.${group.id}: left out (every test disabled)`);
      continue;
    }
    if (now.name !== group.name && own(`groups.${group.id}.name`)) lines.push(`groups.${group.id}: named ${JSON.stringify(now.name)}`);
    if ((now.manualPoints ?? 0) !== (group.manualPoints ?? 0) && own(`groups.${group.id}.manualPoints`))
      lines.push(`groups.${group.id}: ${counted(now.manualPoints ?? 0, 'point')} by hand (was ${group.manualPoints ?? 0})`);
    if (now.points !== group.points && own(`groups.${group.id}.points`))
      lines.push(`groups.${group.id}: ${counted(now.points, 'point')} (was ${group.points})`);
  }
  for (const test of base.tests) {
    const now = spec.tests.find((t) => t.id === test.id);
    if (!now) {
      lines.push(`tests.${test.id}: disabled`);
      continue;
    }
    const examples = now.fixtureCases.filter((c) => c.id.includes('.example.')).length;
    const before = new Map(test.fixtureCases.map((c) => [c.id, JSON.stringify(c.input)] as const));
    const rebuilt = now.fixtureCases.filter((c) => before.has(c.id) && before.get(c.id) !== JSON.stringify(c.input)).length;
    const said = [
      now.points !== test.points && own(`tests.${test.id}.points`) && `${counted(now.points, 'point')} (was ${test.points})`,
      examples > 0 && `${examples} handout example${examples === 1 ? '' : 's'} added`,
      rebuilt > 0 && `${rebuilt} generated case${rebuilt === 1 ? '' : 's'} on the pack's boards`,
      now.visibility !== test.visibility && own(`tests.${test.id}.visibility`) && `${now.visibility} (was ${test.visibility})`,
      now.hint !== test.hint && own(`tests.${test.id}.hint`) && 'its own hint',
    ].filter(Boolean);
    if (said.length > 0) lines.push(`tests.${test.id}: ${said.join(', ')}`);
  }
  for (const test of spec.tests.filter((t) => !base.tests.some((b) => b.id === t.id))) {
    lines.push(`tests.${test.id}: added, ${counted(test.points, 'point')}, ${test.visibility}: ${test.name}${ownKind(test)}`);
  }
  return lines;
}

/** What a course's own test runs, and how many of its values the reference gave or checked. */
function ownKind(test: ResolvedTest): string {
  if (test.kind === 'session') return ` (a session of ${test.target}, on the terminal)`;
  if (test.kind !== 'calls') return '';
  const by = (how: string) => test.fixtureCases.filter((c) => c.source.kind === 'course' && c.source.reference === how).length;
  const [computed, checked] = [by('computed'), by('checked')];
  const written = test.fixtureCases.length - computed - checked;
  const said = [
    computed > 0 && `${computed} computed by the reference`,
    checked > 0 && `${checked} checked against it`,
    written > 0 && `${written} as the pack writes ${written === 1 ? 'it' : 'them'}`,
  ].filter(Boolean);
  return ` (${counted(test.fixtureCases.length, 'call')} of ${test.target}: ${said.join(', ')})`;
}
