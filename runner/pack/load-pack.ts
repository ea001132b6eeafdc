/**
 * Loads an assignment pack (a folder with assignment.yml, or the file itself) into the spec every command grades
 * with: parsed with places kept, checked against the schema and the built-in it extends, applied, then resolved
 * as a built-in spec is. Every fault stops the load with its file, line and column; none is found mid-run.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { ASSIGNMENT_IDS, isAssignmentId } from '../assignments/ids.js';
import { resolveSpec, specPath, SpecError } from '../spec/resolve-spec.js';
import type { ResolvedSpec, Spec, SpecText } from '../spec/spec-types.js';
import { withTests } from './with-tests.js';
import { withCourseTexts } from './case-texts.js';
import { withExamples } from './pack-examples.js';
import { applyPack, linkProblems, nearest } from './apply-pack.js';
import { PACK_FILE, packFile } from './pack-ref.js';
import type { PackInfo, PackProblem } from './pack-types.js';
import { packOf, parsePack } from './read-pack.js';

export interface LintResult {
  /** The file as the user would open it (relative to cwd when inside it). */
  readonly file: string;
  readonly problems: readonly PackProblem[];
  /** The resolved spec, when there is no problem. */
  readonly spec?: ResolvedSpec;
}

export function lintPack(root: string, ref: string, options: { now?: Date; cwd?: string } = {}): LintResult {
  const cwd = options.cwd ?? process.cwd();
  const path = packFile(ref, cwd);
  const file = shownPath(path, cwd);
  if (!existsSync(path)) return { file, problems: [{ path: [], line: 1, column: 1, message: `no ${PACK_FILE} here; grade init <id> --out <folder> writes one` }] };
  const text = readFileSync(path, 'utf8');
  const parsed = parsePack(root, text);
  if (parsed.data === undefined) return { file, problems: parsed.problems };
  const named = (parsed.data as { extends?: unknown } | null)?.extends;
  const problems = [...parsed.problems];
  if (typeof named === 'string' && !isAssignmentId(named)) {
    problems.push({ path: ['extends'], ...parsed.locate(['extends']), message: `'${named}' is not a built-in assignment (${ASSIGNMENT_IDS.join(', ')})${nearest(named, ASSIGNMENT_IDS)}` });
  }
  const base = typeof named === 'string' && isAssignmentId(named) ? (JSON.parse(readFileSync(specPath(root, named), 'utf8')) as Spec) : undefined;
  if (base) problems.push(...linkProblems(base, parsed.data, parsed.locate));
  if (problems.length > 0 || !base) return { file, problems: byPlace(problems) };
  const pack = packOf(parsed);
  const applied = applyPack(base, pack, parsed.locate, options.now ?? new Date());
  if (applied.problems.length > 0) return { file, problems: applied.problems };
  let resolved: ResolvedSpec;
  try {
    resolved = resolveSpec(root, applied.spec, file);
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return { file, problems: [{ path: [], line: 1, column: 1, message: error.message }] };
  }
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  if (pack.texts && resolved.texts) resolved = reworded(resolved, resolved.texts, pack.texts);
  if (pack.names && Object.keys(pack.names).length > 0) resolved = { ...resolved, names: pack.names };
  if (pack.examples && pack.examples.length > 0) {
    const withCases = withExamples(resolved, pack.examples, parsed.locate, PACK_FILE);
    if (withCases.problems.length > 0) return { file, problems: withCases.problems };
    resolved = withCases.spec;
  }
  return { file, problems: [], spec: { ...resolved, pack: { path, extends: base.assignment, hash }, ...(pack.due !== undefined && { due: pack.due }) } };
}

/** The spec with the course's wording: in each case it grades, and in its list of texts. */
function reworded(spec: ResolvedSpec, texts: Readonly<Record<string, SpecText>>, changed: Readonly<Record<string, string>>): ResolvedSpec {
  const tests = spec.tests.map((t) => ({ ...t, fixtureCases: t.fixtureCases.map((c) => withCourseTexts(c, texts, changed)) }));
  return { ...withTests(spec, tests), texts: Object.fromEntries(Object.entries(texts).map(([key, t]) => [key, { ...t, text: changed[key] ?? t.text }])) };
}

/** The spec a pack grades with, or a SpecError naming every fault's file, line and column. */
export function loadPack(root: string, ref: string, options: { now?: Date; cwd?: string } = {}): ResolvedSpec {
  const result = lintPack(root, ref, options);
  if (result.spec) return result.spec;
  throw new SpecError(`${result.file} has ${result.problems.length === 1 ? 'a fault' : `${result.problems.length} faults`}:\n${formatProblems(result.file, result.problems)}`);
}

/** What results.json records of a pack (DESIGN.md: per run `pack`). */
export const packRecord = (spec: ResolvedSpec): (PackInfo & { due?: string }) | undefined => spec.pack && { ...spec.pack, ...(spec.due !== undefined && { due: spec.due }) };

/** One line a fault, as editors and CI annotations read them: file:line:column: message. */
export function formatProblems(file: string, problems: readonly PackProblem[]): string {
  return problems.map((p) => `  ${file}:${p.line}:${p.column}: ${p.path.length > 0 ? `${p.path.join('.')}: ` : ''}${p.message}`).join('\n');
}

const byPlace = (problems: readonly PackProblem[]): PackProblem[] => [...problems].sort((a, b) => a.line - b.line || a.column - b.column);

function shownPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}
