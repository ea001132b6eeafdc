/**
 * `grade init <id> [--out <dir>]` writes a course's pack from a built-in; `grade lint <pack> [--upgrade]` checks one
 * the way every command does when it loads it, and says what it changes, and what the built-in has changed since the
 * pack was made from it (with --upgrade, every such change beside the pack's own).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ASSIGNMENT_IDS, isAssignmentId } from '../model/ids.js';
import { initPackText } from '../pack/init-pack.js';
import { builtInSpec } from '../pack/load-built-in.js';
import { assignmentFor } from '../assignments/registry.js';
import { formatProblems, lintPack } from '../pack/load-pack.js';
import { packChanges } from '../pack/pack-changes.js';
import { PACK_FILE } from '../pack/pack-ref.js';
import { sharedCases } from '../pack/shared-cases.js';
import { builtInHistory, builtInValues, valuesHash } from '../pack/built-in-values.js';
import { packUpgrade } from '../pack/pack-upgrade.js';
import { upgradeLines } from '../pack/upgrade-lines.js';
import { loadSpec } from '../pack/load-spec.js';
import type { Io } from './io.js';
import { counted } from '../counted.js';

export function runInit(argv: readonly string[], io: Io, root: string, version: string): number {
  let values: { out?: string | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: { out: { type: 'string', short: 'o' } } }));
  } catch (error) {
    io.err(`grade init: ${(error as Error).message}\n`);
    return 2;
  }
  const id = positionals[0];
  if (id === undefined || positionals.length > 1 || !isAssignmentId(id)) {
    io.err(
      `grade init: give the built-in assignment to adapt: grade init <${ASSIGNMENT_IDS.join(' | ')}> [--out <folder>]${id && !isAssignmentId(id) ? ` (no built-in '${id}')` : ''}\n`,
    );
    return 2;
  }
  const folder = resolve(io.cwd, values.out ?? id);
  const file = join(folder, PACK_FILE);
  const inside = relative(io.cwd, folder);
  // As the user would type it next: ./name inside this folder, the absolute path outside it.
  const shown = inside === '' ? '.' : inside.startsWith('..') || isAbsolute(inside) ? folder : `./${inside}`;
  if (existsSync(file)) {
    io.err(`grade init: ${relative(io.cwd, file) || file} is there already; it is left as it is (remove it, or give another --out)\n`);
    return 2;
  }
  try {
    mkdirSync(folder, { recursive: true });
    const base = builtInSpec(root, id);
    writeFileSync(file, initPackText(base, shown, assignmentFor(id).boards, { builtIn: valuesHash(builtInValues(base)), grader: version }));
  } catch (error) {
    io.err(`grade init: cannot write ${relative(io.cwd, file) || file}: ${(error as Error).message}\n`);
    return 2;
  }
  io.out(
    `Wrote ${relative(io.cwd, file) || file}: a pack of ${id} that changes nothing yet, every value the built-in's in a comment beside its key.\nNext: uncomment and edit what your course changes, then grade lint ${shown}\n`,
  );
  return 0;
}

export function runLint(argv: readonly string[], io: Io, root: string, version: string): number {
  const upgrade = argv.includes('--upgrade');
  const [ref, ...more] = argv.filter((a) => a !== '--upgrade');
  if (ref === undefined || more.length > 0 || ref.startsWith('-')) {
    io.err(
      `grade lint: give one pack: grade lint <folder with assignment.yml | assignment.yml> [--upgrade]${ref?.startsWith('-') ? ` (no option ${ref})` : ''}\n`,
    );
    return 2;
  }
  const result = lintPack(root, ref, { cwd: io.cwd });
  if (!result.spec) {
    io.err(
      `${formatProblems(result.file, result.problems).replace(/^ {2}/gmu, '')}\n${result.problems.length} ${result.problems.length === 1 ? 'fault' : 'faults'}: nothing graded with this pack until ${result.problems.length === 1 ? 'it is' : 'they are'} mended\n`,
    );
    return 2;
  }
  const spec = result.spec;
  // A built-in's own pack (spec/<id>) extends nothing: it is the base a course's pack changes.
  const built = spec.pack ? builtInSpec(root, spec.pack.extends) : undefined;
  const now = built && builtInValues(built);
  const upgraded =
    built && now && result.written
      ? packUpgrade(result.written, { hash: valuesHash(now), grader: version, values: now }, builtInHistory(root, built.assignment))
      : undefined;
  const kept = new Set(upgraded?.kept.map((k) => k.path));
  const changes = spec.pack ? packChanges(loadSpec(root, spec.pack.extends), spec, kept) : [];
  const ungraded = Object.entries(spec.texts ?? {}).filter(([key, t]) => t.notGraded && result.written?.texts?.[key] !== undefined);
  const visible = spec.tests.filter((t) => t.visibility === 'visible').length;
  const shared = sharedCases(spec);
  io.out(
    [
      `${result.file}: ${spec.title}, ${spec.pack ? `extending ${spec.pack.extends} (pack ${spec.pack.hash})` : `the built-in ${spec.assignment}`}`,
      `  ${counted(spec.tests.length, 'test')}, ${counted(spec.maxScore, 'point')} graded automatically${spec.manualPoints ? ` and ${spec.manualPoints} by hand` : ''}; ${counted(visible, 'test')} in the student's check${spec.due ? `; due ${spec.due}` : ''}`,
      // With --upgrade and a built-in changed since, the pack's own changes are listed beside the built-in's, below.
      ...(spec.pack && !(upgrade && upgraded?.base && upgraded.changes.length > 0)
        ? [
            changes.length === 0
              ? '  It changes nothing in the built-in.'
              : `  What it changes:\n${changes.map((c) => `    ${c}`).join('\n')}`,
          ]
        : []),
      ...shared.map(
        (s) =>
          `  Note: ${s.hidden} is ${spec.tests.find((t) => t.id === s.hidden)!.visibility} but the visible ${s.visible} runs ${s.cases} of its cases: students see those in their check`,
      ),
      ...ungraded.map(
        ([key, t]) => `  Note: texts.${key} is not graded (${t.notGraded}): students' programs are not charged for another wording`,
      ),
      ...(upgraded && now
        ? upgradeLines(upgraded, now, { upgrade, assignment: spec.pack!.extends, grader: version, ownChanges: changes })
        : []),
      '',
    ].join('\n'),
  );
  return 0;
}
