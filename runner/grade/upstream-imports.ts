/**
 * Which other file of the submission a failed import comes from, read from the import's exception as the harness
 * recorded it (the module an ImportError names, the name a NameError names): `from ps9pr1 import Board` once ps9pr1.py
 * could not be read, `class AIPlayer(Player)` once Player's file failed. Followed to the start of the chain. Pure.
 */
import type { ImportOutcome } from '../checks/observation.js';
import { moduleRole, type Located } from '../layout/located-files.js';

export interface ImportChain {
  readonly located: readonly Located[];
  readonly imports: ReadonlyMap<string, ImportOutcome>;
  definingFile(name: string): string | undefined;
}

/** The file at the start of a chain of failed imports (ps9pr4 → ps9pr2 → ps9pr1): the one whose own mistake it is. */
export function upstreamOf(facts: ImportChain, role: string, file: string): { file: string; role: string } | undefined {
  let found: { file: string; role: string } | undefined;
  const seen = new Set([file]);
  for (let at = { file, role }; ;) {
    const located = facts.located.find((l) => l.role === at.role)!;
    const next = upstreamImport(facts, at.role, facts.imports.get(moduleRole(located, at.file)));
    if (!next || seen.has(next.file)) return found;
    seen.add(next.file);
    found = at = next;
  }
}

/** The other file whose failed import is why this one failed, when the exception names it. */
function upstreamImport(facts: ImportChain, role: string, outcome: ImportOutcome | undefined): { file: string; role: string } | undefined {
  if (outcome?.kind !== 'exception') return undefined;
  const { type, name } = outcome.exception;
  if (name === undefined) return undefined;
  const file =
    type === 'ImportError' || type === 'ModuleNotFoundError'
      ? `${name.split('.')[0]}.py`
      : type === 'NameError'
        ? facts.definingFile(name)
        : undefined;
  const other =
    file === undefined ? undefined : facts.located.find((l) => l.kind === 'module' && l.role !== role && l.files.includes(file));
  if (!other || !file || facts.imports.get(moduleRole(other, file))?.kind === 'ok') return undefined;
  return { file, role: other.role };
}
