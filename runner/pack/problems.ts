/** How a pack's faults are written: one line each, as editors and CI annotations read them. Pure. */
import type { PackProblem } from '../model/pack-types.js';

/** file:line:column: path: message, a line each. */
export function formatProblems(file: string, problems: readonly PackProblem[]): string {
  return problems.map((p) => `  ${file}:${p.line}:${p.column}: ${p.path.length > 0 ? `${p.path.join('.')}: ` : ''}${p.message}`).join('\n');
}

/** The faults in the order the file has them. */
export const byPlace = (problems: readonly PackProblem[]): PackProblem[] =>
  [...problems].sort((a, b) => a.line - b.line || a.column - b.column);

/** What a command says when a pack has faults. */
export const faultsMessage = (file: string, problems: readonly PackProblem[]): string =>
  `${file} has ${problems.length === 1 ? 'a fault' : `${problems.length} faults`}:\n${formatProblems(file, problems)}`;
