/**
 * A pack's `boards`: the sizes its generated cases use. Checked against what the assignment's generated cases can
 * take (its Assignment's `boards`) and what the case builders are made for (runner/fixtures/build-context.ts), each
 * fault at its line. Pure.
 */
import type { Assignment } from '../plan/assignment.js';
import { boardSizesProblem, type BoardSizes } from '../fixtures/build-context.js';
import type { PackBoards, PackProblem } from '../model/pack-types.js';
import type { ParsedPack } from './read-pack.js';

/** The builders' form of a pack's boards: [rows, columns] pairs. */
export const boardSizesOf = (boards: PackBoards): BoardSizes => ({
  sizes: boards.sizes.map(({ rows, columns }) => [rows, columns] as const),
});

export function boardsProblems(
  assignment: Pick<Assignment, 'id' | 'boards'>,
  boards: PackBoards,
  locate: ParsedPack['locate'],
): PackProblem[] {
  const fault = (path: (string | number)[], message: string): PackProblem => ({ path, ...locate(path, { key: true }), message });
  if (assignment.boards !== 'follow') return [fault(['boards'], assignment.boards.refused)];
  const problem = boardSizesProblem(boardSizesOf(boards));
  if (!problem) return [];
  return [fault(problem.size === undefined ? ['boards', 'sizes'] : ['boards', 'sizes', problem.size], problem.message)];
}
