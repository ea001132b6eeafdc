/**
 * The student's kit's referee: the student's own getValidMoves, makeMove and hasWon rule the games, and their own
 * suggestMove1 is the opponent the document asks suggestMove2 to beat. Each ruling is one request to the harness;
 * what comes back is checked only for being an answer at all (a board one checker on, True or False, columns), so a
 * broken function stops the game with a verdict that names it instead of a game played by wrong rules.
 */
import { formatException, type CaseObservation } from '../../checks/observation.js';
import { joinNames } from '../../checks/text.js';
import { formatObserved, intColumnOf } from '../../checks/values.js';
import type { ObservedValue } from '../../harness/protocol.js';
import { call, int, set, type Step } from '../../plan/interaction.js';
import type { Ask } from '../../plan/property.js';
import { asBoard, dropBetween, type Board, type Side } from './board.js';
import { RefereeError, type Opponent, type Played, type Referee } from './referee.js';
import { boardArg } from './steps.js';

const literal = (board: Board): string => `[${board.map((r) => `[${r.join(', ')}]`).join(', ')}]`;
const bindBoard = (name: string, board: Board): Step => set([name], boardArg(board), `${name} = ${literal(board)}`);
const ref = (name: string) => ({ type: 'ref', path: [name] }) as const;
/** A call of the student's, shown as a message names it when it fails. */
const ruling = (step: Step, python: string): Step => ({ ...step, python });

/** The replies of one request, or the student's call that failed it. */
async function asked(ask: Ask, steps: readonly Step[]): Promise<CaseObservation['replies']> {
  const observed = await ask({ steps }, { referee: true });
  const f = observed.failure;
  if (!f) return observed.replies;
  const what =
    f.kind === 'exception'
      ? `raised ${formatException(f.exception)}`
      : f.kind === 'timeout'
        ? `took longer than ${f.limitMs / 1000} s`
        : `stopped the Python process (${f.detail})`;
  throw new RefereeError(`${f.step} ${what}`);
}

/** An open-columns answer: ints 0–6, each once, ascending. */
function columnsOf(value: ObservedValue, called: string): number[] {
  const columns = value.type === 'list' ? value.items.map(intColumnOf) : [];
  const ok = value.type === 'list' && columns.every((c) => c !== undefined && c >= 0 && c <= 6) && new Set(columns).size === columns.length;
  if (!ok) throw new RefereeError(`${called} returned ${formatObserved(value)}, not a list of different column indices 0–6`);
  return (columns as number[]).sort((a, b) => a - b);
}

function truthOf(value: ObservedValue, called: string): boolean {
  if (value.type !== 'bool') throw new RefereeError(`${called} returned ${formatObserved(value)}, not True or False`);
  return value.value;
}

async function validMoves(ask: Ask, board: Board): Promise<number[]> {
  const replies = await asked(ask, [
    bindBoard('b', board),
    ruling(call(['getValidMoves'], [ref('b')], { observe: 'open' }), 'getValidMoves(board)'),
  ]);
  return columnsOf(replies['open']!.value, 'getValidMoves(board)');
}

/** makeMove, then hasWon and getValidMoves on the board it returned, in one request. */
async function play(ask: Ask, board: Board, column: number, who: Side): Promise<Played> {
  const made = `makeMove(board, ${column}, ${who})`;
  const replies = await asked(ask, [
    bindBoard('b', board),
    ruling(call(['makeMove'], [ref('b'), int(column), int(who)], { observe: 'board', bind: 'after' }), made),
    ruling(call(['hasWon'], [ref('after'), int(who)], { observe: 'won' }), `hasWon(board, ${who}) after ${made}`),
    ruling(call(['getValidMoves'], [ref('after')], { observe: 'open' }), `getValidMoves(board) after ${made}`),
  ]);
  const next = asBoard(replies['board']!.value);
  if (!next)
    throw new RefereeError(`${made} returned ${formatObserved(replies['board']!.value).slice(0, 200)}, not a board of 6 rows of 7 ints`);
  const drop = dropBetween(board, next, who);
  if ('problem' in drop || drop.column !== column) {
    throw new RefereeError(
      `${made} returned a board that is not one checker dropped in column ${column + 1}: ${'problem' in drop ? drop.problem : `the checker went to column ${drop.column + 1}`}`,
    );
  }
  return {
    board: next,
    won: truthOf(replies['won']!.value, `hasWon(board, ${who}) after ${made}`),
    open: columnsOf(replies['open']!.value, `getValidMoves(board) after ${made}`),
  };
}

/** Every position's hasWon in one request. */
async function wins(ask: Ask, positions: readonly { readonly board: Board; readonly who: Side }[]): Promise<boolean[]> {
  if (positions.length === 0) return [];
  const steps = positions.flatMap(({ board, who }, i) => [
    bindBoard(`b${i}`, board),
    ruling(call(['hasWon'], [ref(`b${i}`), int(who)], { observe: `won${i}` }), `hasWon(board, ${who}) on the game's board ${i + 1}`),
  ]);
  const replies = await asked(ask, steps);
  return positions.map(({ who }, i) => truthOf(replies[`won${i}`]!.value, `hasWon(board, ${who}) on the game's board ${i + 1}`));
}

/** The random player, picking with the grader's seeds among the columns open: the grader's games when those are right. */
const RANDOM: Opponent = { label: 'a random player', move: async (_ask, _board, _who, rng, open) => rng.pick(open) };

/** The document's "better than suggestMove1", taken at its word: the student's own suggestMove1 is the opponent. */
const OWN_SUGGEST_MOVE1: Opponent = {
  own: 'suggestMove1',
  label: "your own suggestMove1 (after you submit, the grader plays the document's: win, else block, else the first valid column)",
  move: async (ask, board, who, _rng, open) => {
    const called = `suggestMove1(board, ${who}) as the opponent`;
    const replies = await asked(ask, [
      bindBoard('b', board),
      ruling(call(['suggestMove1'], [ref('b'), int(who)], { observe: 'move' }), called),
    ]);
    const column = intColumnOf(replies['move']!.value);
    if (column === undefined || !open.includes(column))
      throw new RefereeError(
        `${called} returned ${formatObserved(replies['move']!.value)}, not one of the open columns ${open.join(', ')}`,
      );
    return column;
  },
};

/** The student's own functions ruling every game; the minimax opponents are the grader's alone. */
export const KIT_REFEREE: Referee = {
  validMoves,
  play,
  wins,
  opponent: (baseline) => (baseline === 'random' ? RANDOM : baseline === 'suggestMove1' ? OWN_SUGGEST_MOVE1 : undefined),
  caveat: (parts) =>
    `The kit ruled this with your own ${joinNames(parts)} (after you submit, the grader uses the document's versions): if a test of ${parts.length === 1 ? 'it' : 'one of them'} fails, fix that first`,
};
