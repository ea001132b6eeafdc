/**
 * What the submission is, read once before its tests run: which file plays each role, what was left out and why, the
 * source of each module (what it defines at its top level, the functions still the template's stubs), and how each
 * module's import went. The tests and the rules read these; nothing here changes after the imports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportOutcome } from '../checks/observation.js';
import { stubFunctions } from '../checks/stubs.js';
import { definedAs } from '../pack/course-names.js';
import type { SpecFileRole } from '../model/spec-types.js';
import { topLevelDefinitions } from '../layout/find-by-definitions.js';
import { moduleRole, type Located, type StaleImport } from '../layout/located-files.js';

/** A function still the template's stub: where, and its body as written. */
export interface Stub {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly body: string;
}

export interface SubmissionFacts {
  readonly located: readonly Located[];
  /** Submission files left out of the workspace, with why. */
  readonly skipped: ReadonlyMap<string, string>;
  /** Python and text files no role of the spec claims: a misnamed file is usually among them. */
  readonly unclaimed: readonly string[];
  readonly workspaceDir: string;
  /** The course's names for the document's API (a pack's `names`), by the document's. */
  readonly names: Readonly<Record<string, string>>;
  /** How each module's first import went, by role (SubmissionSession.imports). */
  readonly imports: ReadonlyMap<string, ImportOutcome>;
  role(role: string): Located | undefined;
  /** The module file whose source defines `name` at its top level (as a class or function), if any. */
  definingFile(name: string): string | undefined;
  /** A file no role took whose source defines `name`, with the role that asks for it and what decides that role. */
  unreadDefinition(name: string): { file: string; role: string; decidedBy: string } | undefined;
  /** A function or method still the template's stub (`Board.add_checker`, `put_piece`), by its name. */
  stub(name: string): Stub | undefined;
  /** The imports of another accepted name of a role's file (`from ps9pr1 import *` beside ps10pr1.py), as resolved. */
  staleImports(): StaleImport[];
}

/** The facts of a submission whose files are in `workspaceDir`; `names` maps the document's names to a course's. */
export function submissionFacts(
  given: Omit<SubmissionFacts, 'role' | 'definingFile' | 'unreadDefinition' | 'stub' | 'staleImports' | 'names'>,
  names: Readonly<Record<string, string>> = {},
  roles: readonly SpecFileRole[] = [],
): SubmissionFacts {
  const modules = given.located.filter((l) => l.kind === 'module').flatMap((l) => l.files);
  const sources = new Map<string, string>();
  const sourceOf = (file: string): string => {
    let text = sources.get(file);
    if (text === undefined) {
      try {
        text = readFileSync(join(given.workspaceDir, file), 'latin1');
      } catch {
        text = '';
      }
      sources.set(file, text);
    }
    return text;
  };
  let stubs: Map<string, Stub> | undefined;
  // The document's name and the course's (a method renamed alone keeps its class: Board.add_checker → Board.add_move).
  const written = (name: string): string[] => {
    const course = names[name];
    const renamed =
      course === undefined
        ? []
        : [name.includes('.') && !course.includes('.') ? `${name.slice(0, name.lastIndexOf('.'))}.${course}` : course];
    return [name, ...renamed].map((n) => n.replace(/[^\w.]/gu, ''));
  };
  return {
    ...given,
    names,
    role: (role) => given.located.find((l) => l.role === role),
    definingFile: (name) => {
      const definition = new RegExp(
        `^(?:class|def)\\s+(?:${written(name)
          .map((n) => n.split('.').at(-1))
          .join('|')})\\b`,
        'mu',
      );
      return modules.find((file) => definition.test(sourceOf(file)));
    },
    staleImports: () =>
      given.located.flatMap((l) =>
        l.files.flatMap((file) => {
          const outcome = given.imports.get(moduleRole(l, file));
          const used = outcome && 'formerNames' in outcome ? (outcome.formerNames ?? []) : [];
          return used.map(([imported, module]) => ({ file, imported, meant: `${module}.py` }));
        }),
      ),
    unreadDefinition: (name) => {
      const role = roles.find((r) => r.defines?.includes(name));
      const file = given.unclaimed.find((f) => topLevelDefinitions(sourceOf(f)).has(definedAs(name, names)));
      return role && file
        ? { file, role: role.names[0]!.replace('*', '<name>'), decidedBy: definedAs(role.defines![0]!, names) }
        : undefined;
    },
    stub: (name) => {
      stubs ??= new Map(modules.flatMap((file) => stubFunctions(sourceOf(file)).map((s) => [s.name, { ...s, file }] as const)));
      for (const n of written(name)) {
        const found = stubs.get(n);
        if (found) return found;
      }
      return undefined;
    },
  };
}
