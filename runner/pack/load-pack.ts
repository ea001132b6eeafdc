/**
 * The one loader of assignment packs (a folder with assignment.yml, or the file itself): a built-in's
 * (spec/<id>/assignment.yml, every value) or a course's (extends: <id>, what the course changes). Parsed with places
 * kept and checked against its schema; a course's is checked against the built-in it extends and applied to it; then
 * either is resolved with its fixtures. Every fault stops the load with its file, line and column; none is found
 * mid-run.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { ASSIGNMENT_IDS, isAssignmentId } from '../model/ids.js';
import { resolveSpec, SpecError, specPath, type FixtureSource } from '../spec/resolve-spec.js';
import type { ResolvedSpec, Spec, SpecText } from '../model/spec-types.js';
import { builtInPlace } from '../spec/built-in-pack.js';
import { builtInSpec, lintBuiltIn, specReadAtBuild } from './load-built-in.js';
import { assignmentFor } from '../assignments/registry.js';
import { boardFixtures } from './board-cases.js';
import { boardSizesOf, boardsProblems } from './pack-boards.js';
import { byPlace, faultsMessage, formatProblems } from './problems.js';
import { withTests } from './with-tests.js';
import { withTitles } from './titles.js';
import { builtInHistory } from './built-in-values.js';
import { NAMES_USED, renamed } from './names-used-test.js';
import { ownTestProblems } from './own-tests.js';
import { withOwnCases } from './own-cases.js';
import { withCourseTexts } from '../plan/case-texts.js';
import { withExamples } from './pack-examples.js';
import { applyPack, linkProblems } from './apply-pack.js';
import { nearest } from './nearest.js';
import { PACK_FILE, packFile } from './pack-ref.js';
import type { Pack, PackInfo, PackProblem } from '../model/pack-types.js';
import { packOf, parsePack } from './read-pack.js';

export interface LintResult {
  /** The file as the user would open it (relative to cwd when inside it). */
  readonly file: string;
  readonly problems: readonly PackProblem[];
  /** The resolved spec, when there is no problem. */
  readonly spec?: ResolvedSpec;
  /** A course's pack as it is written, when there is no problem: what lint compares with the built-in's versions. */
  readonly written?: Pack;
}

/**
 * Built-ins' specs read from their YAML in this process, by schema root and text: a run from the sources (the tests,
 * in-process) has no build to read them from (specReadAtBuild), and reading one again is a quarter of a second.
 */
const checkedBefore = new Map<string, Spec>();

export function lintPack(root: string, ref: string, options: { now?: Date; cwd?: string; builtDir?: string } = {}): LintResult {
  const result = lintWhole(root, ref, options);
  // Titles and hints name the files and texts as this spec grades them (titles.ts).
  return result.spec ? { ...result, spec: withTitles(result.spec) } : result;
}

function lintWhole(root: string, ref: string, options: { now?: Date; cwd?: string; builtDir?: string }): LintResult {
  const cwd = options.cwd ?? process.cwd();
  const path = packFile(ref, cwd);
  const file = shownPath(path, cwd);
  if (!existsSync(path)) return { file, problems: [{ path: [], line: 1, column: 1, message: missingPack(ref, path, cwd) }] };
  const text = readFileSync(path, 'utf8');
  // A built-in's own file as the build read it: its spec without reading the YAML again, whose places are wanted only
  // for a fault the resolver finds.
  const key = `${root}\0${text}`;
  const built = specReadAtBuild(text, options.builtDir) ?? checkedBefore.get(key);
  if (built && resolve(path) === resolve(specPath(root, built.assignment))) {
    return resolveIn(root, file, built, (at) => lintBuiltIn(parsePack(root, text)).place?.(at) ?? { line: 1, column: 1 });
  }
  const parsed = parsePack(root, text);
  if (parsed.data === undefined) return { file, problems: parsed.problems };
  if (parsed.kind === 'built-in') {
    // Only a built-in's own file (spec/<id>/assignment.yml) says `assignment:`: a course's copy of one would change
    // what a pack may not, and be recorded as no pack at all.
    const id = (parsed.data as { assignment?: unknown }).assignment;
    if (typeof id !== 'string' || resolve(path) !== resolve(specPath(root, id))) {
      return {
        file,
        problems: [
          {
            path: ['assignment'],
            ...parsed.locate(['assignment'], { key: true }),
            message: `only a built-in's own file (spec/<id>/assignment.yml) says assignment:; a course's pack says extends: <id> and changes what a course may change (grade init ${typeof id === 'string' ? id : '<id>'} writes one)`,
          },
        ],
      };
    }
    const linted = lintBuiltIn(parsed);
    if (linted.spec) checkedBefore.set(key, linted.spec);
    return linted.spec ? resolveIn(root, file, linted.spec, linted.place) : { file, problems: byPlace(linted.problems) };
  }
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- it is needed: without it, `extends` is no property of `{}`
  const named = (parsed.data as { extends?: unknown } | null)?.extends;
  const problems = [...parsed.problems];
  if (typeof named === 'string' && !isAssignmentId(named)) {
    problems.push({
      path: ['extends'],
      ...parsed.locate(['extends']),
      message: `'${named}' is not a built-in assignment (${ASSIGNMENT_IDS.join(', ')})${nearest(named, ASSIGNMENT_IDS)}`,
    });
  }
  const base = typeof named === 'string' && isAssignmentId(named) ? builtInSpec(root, named) : undefined;
  // A test an earlier version of the built-in had, which a pack made from it may still name.
  const former = base
    ? new Set(
        builtInHistory(root, base.assignment).flatMap((v) =>
          Object.keys(v.values).flatMap((path) => /^tests\.(.+)\.group$/u.exec(path)?.[1] ?? []),
        ),
      )
    : undefined;
  if (base) problems.push(...linkProblems(base, parsed.data, parsed.locate, former));
  if (base)
    problems.push(
      ...ownTestProblems(base, parsed.data, parsed.locate, new Set([...base.groups.flatMap((g) => g.tests.map((t) => t.id)), NAMES_USED])),
    );
  const boards = (parsed.data as Pack | null)?.boards;
  if (base && boards && parsed.problems.length === 0)
    problems.push(...boardsProblems(assignmentFor(base.assignment), boards, parsed.locate));
  if (problems.length > 0 || !base) return { file, problems: byPlace(problems) };
  const pack = packOf(parsed);
  const applied = applyPack(base, pack, parsed.locate, options.now ?? new Date());
  if (applied.problems.length > 0) return { file, problems: applied.problems };
  // Generated cases on the pack's own boards, built once from the reference and kept in the cache.
  let fixtures: FixtureSource | undefined;
  try {
    fixtures = pack.boards ? boardFixtures(root, base.assignment, boardSizesOf(pack.boards)) : undefined;
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return { file, problems: [{ path: ['boards'], ...parsed.locate(['boards'], { key: true }), message: error.message }] };
  }
  const first = resolveIn(root, file, applied.spec, (at) => parsed.locate(builtInPlace(applied.spec, at), { key: true }), fixtures);
  if (!first.spec) return first;
  let resolved = first.spec;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  if (pack.texts && resolved.texts) resolved = reworded(resolved, resolved.texts, pack.texts);
  if (Object.keys(renamed(pack.names)).length > 0) resolved = { ...resolved, names: renamed(pack.names) };
  if (pack.boards) resolved = { ...resolved, boards: pack.boards };
  if (pack.examples && pack.examples.length > 0) {
    const withCases = withExamples(resolved, pack.examples, parsed.locate, PACK_FILE);
    if (withCases.problems.length > 0) return { file, problems: withCases.problems };
    resolved = withCases.spec;
  }
  // The course's own tests: their Python read by Python, their calls answered by the reference where it can.
  const own = withOwnCases(resolved, pack, parsed.locate, PACK_FILE);
  if (own.problems.length > 0) return { file, problems: byPlace(own.problems) };
  resolved = own.spec;
  return {
    file,
    problems: [],
    written: pack,
    spec: { ...resolved, pack: { path, extends: base.assignment, hash }, ...(pack.due !== undefined && { due: pack.due }) },
  };
}

/** A spec resolved with its fixtures, or the fault the resolver found at its place in the file. */
function resolveIn(
  root: string,
  file: string,
  spec: Spec,
  place?: (path: readonly (string | number)[]) => { line: number; column: number },
  fixtures?: FixtureSource,
): LintResult {
  try {
    return { file, problems: [], spec: resolveSpec(root, spec, file, { ...(place && { place }), ...(fixtures && { fixtures }) }) };
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    const at = error.place;
    return {
      file,
      problems: [
        at
          ? { path: [at.label], line: at.line, column: at.column, message: at.fault }
          : { path: [], line: 1, column: 1, message: error.message },
      ],
    };
  }
}

/** The spec with the course's wording: in each case it grades, and in its list of texts. */
function reworded(spec: ResolvedSpec, texts: Readonly<Record<string, SpecText>>, changed: Readonly<Record<string, string>>): ResolvedSpec {
  const tests = spec.tests.map((t) => ({ ...t, fixtureCases: t.fixtureCases.map((c) => withCourseTexts(c, texts, changed)) }));
  return {
    ...withTests(spec, tests),
    texts: Object.fromEntries(Object.entries(texts).map(([key, t]) => [key, { ...t, text: changed[key] ?? t.text }])),
  };
}

/** The spec a pack grades with, or a SpecError naming every fault's file, line and column. */
export function loadPack(root: string, ref: string, options: { now?: Date; cwd?: string } = {}): ResolvedSpec {
  const result = lintPack(root, ref, options);
  if (result.spec) return result.spec;
  throw new SpecError(faultsMessage(result.file, result.problems));
}

/** What results.json records of a pack (DESIGN.md: per run `pack`). */
export const packRecord = (spec: ResolvedSpec): (PackInfo & { due?: string }) | undefined =>
  spec.pack && { ...spec.pack, ...(spec.due !== undefined && { due: spec.due }) };

export { formatProblems };

/** Why there is no pack at `path`: no such folder or file at all, or a folder without assignment.yml. */
function missingPack(ref: string, path: string, cwd: string): string {
  const folder = dirname(path);
  const init = 'grade init <id> --out <folder> writes one';
  if (basename(path) === PACK_FILE && existsSync(folder))
    return `no ${PACK_FILE} in ${shownPath(folder, cwd) || '.'}: a pack is a folder with ${PACK_FILE} in it; ${init}`;
  return `there is no folder or file ${JSON.stringify(ref)}${isAbsolute(ref) ? '' : ` (looked for ${resolve(cwd, ref)})`}: give the folder that holds ${PACK_FILE}, or the file itself; ${init}`;
}

function shownPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}
