/**
 * A built-in assignment's pack (spec/<id>/assignment.yml), read as a course's pack is: YAML with places kept, the
 * schema, the spec it describes and every link to the assignment's code (spec-links.ts), each fault at its line and
 * column of the file. load-pack.ts resolves it with its fixtures, as it does a course's pack.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSIGNMENT_IDS, isAssignmentId } from '../model/ids.js';
import { assignmentFor } from '../assignments/registry.js';
import { builtInPlace, specOfBuiltIn, type BuiltInPack } from '../spec/built-in-pack.js';
import { SpecError, specPath } from '../spec/resolve-spec.js';
import type { Spec } from '../model/spec-types.js';
import type { PackProblem } from '../model/pack-types.js';
import { faultsMessage } from './problems.js';
import { parsePack, type ParsedPack } from './read-pack.js';
import { specLinkProblems } from './spec-links.js';
import { unknownPlaceholders } from './titles.js';

type Locate = (path: readonly (string | number)[]) => { line: number; column: number };

/** A built-in's pack checked whole: its spec, and a way to place a fault the resolver finds; or every fault. */
export function lintBuiltIn(parsed: ParsedPack): { spec?: Spec; place?: Locate; problems: readonly PackProblem[] } {
  if (parsed.problems.length > 0) return { problems: parsed.problems };
  const { spec, problems } = specOfBuiltIn(parsed.data as BuiltInPack, parsed.locate);
  if (!spec) return { problems };
  const place: Locate = (at) => parsed.locate(builtInPlace(spec, at), { key: true });
  const links = builtInLinkProblems(spec, place);
  return links.length > 0 ? { problems: links } : { spec, place, problems: [] };
}

const read = new Map<string, { text: string; spec: Spec }>();

/**
 * Beside this module in dist/: each built-in's spec as the build read and checked it, named by a hash of its YAML.
 * Reading all five specs' YAML was about a seventh of a `grade check`'s start (it finds the assignment among them);
 * a changed assignment.yml (or a run from the sources) is read and checked as before.
 */
const READ_AT_BUILD = join(dirname(fileURLToPath(import.meta.url)), 'built-in-specs');

const fileOf = (text: string, dir: string) => join(dir, `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);

/** The spec of a built-in by id, unresolved: what a course's pack is applied to and `grade init` writes from. */
export function builtInSpec(root: string, id: string): Spec {
  const path = specPath(root, id);
  if (!existsSync(path)) throw new SpecError(`no spec for '${id}' at ${path}`);
  const text = readFileSync(path, 'utf8');
  // A run may read a built-in more than once (a pack's base, its list of tests): parsed once per content.
  const cached = read.get(path);
  if (cached?.text === text) return cached.spec;
  const spec = specReadAtBuild(text) ?? checkedBuiltIn(root, id, text);
  read.set(path, { text, spec });
  return spec;
}

/** The spec the build read from exactly this YAML, if it did. */
export function specReadAtBuild(text: string, builtDir = READ_AT_BUILD): Spec | undefined {
  const built = fileOf(text, builtDir);
  return existsSync(built) ? (JSON.parse(readFileSync(built, 'utf8')) as Spec) : undefined;
}

/** A built-in's spec read from its YAML and checked whole, or its faults thrown. */
export function checkedBuiltIn(root: string, id: string, text: string): Spec {
  const { spec, problems } = lintBuiltIn(parsePack(root, text));
  if (!spec) throw new SpecError(faultsMessage(`spec/${id}/assignment.yml`, problems));
  return spec;
}

/** Reads and checks every built-in's spec into `dir` (the build's last step, or a test's folder); the files written. */
export function writeBuiltInSpecs(root: string, dir = READ_AT_BUILD): string[] {
  mkdirSync(dir, { recursive: true });
  return ASSIGNMENT_IDS.filter((id) => existsSync(specPath(root, id))).map((id) => {
    const text = readFileSync(specPath(root, id), 'utf8');
    const file = fileOf(text, dir);
    writeFileSync(file, `${JSON.stringify(checkedBuiltIn(root, id, text))}\n`);
    return file;
  });
}

/** The faults of a built-in's links to its assignment's code, each at its place. */
export function builtInLinkProblems(spec: Spec, locate: Locate): PackProblem[] {
  if (!isAssignmentId(spec.assignment)) return [];
  const placeholders = spec.groups.flatMap((group, g) =>
    group.tests.flatMap((test, t) =>
      (['name', 'hint'] as const).flatMap((field) => {
        const path = ['groups', g, 'tests', t, field];
        return unknownPlaceholders(test[field] ?? '', spec).map((message) => ({ path, ...locate(path), message }));
      }),
    ),
  );
  return [
    ...placeholders,
    ...specLinkProblems(spec, assignmentFor(spec.assignment).links, locate, `runner/assignments/${spec.assignment}/links.ts`),
  ];
}
