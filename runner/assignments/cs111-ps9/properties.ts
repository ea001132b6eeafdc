/**
 * CS111 PS9 tests that are not one fixture case each: state (independent rows, num_moves counted), inheritance,
 * and the statistics of RandomPlayer. Each property is a few cases of steps plus a pure check of what they saw.
 */
import type { CaseObservation } from '../../checks/observation.js';
import type { PropertyCase } from '../../plan/property.js';
import { boardFromValue } from '../../checks/boards.js';
import { formatObserved } from '../../checks/values.js';
import { fail, pass, type CaseVerdict } from '../../checks/verdict.js';
import { boardDouble, boardSteps } from './steps.js';
import { call, get, int, repr, set, str } from '../../plan/interaction.js';

const refB = { type: 'ref', path: ['b'] } as const;

const SIZES: readonly [number, number][] = [
  [6, 7],
  [3, 3],
  [1, 4],
  [5, 15],
];

function expectValue(observation: CaseObservation, key: string, want: string, what: string): CaseVerdict | undefined {
  const reply = observation.replies[key];
  const got = reply ? formatObserved(reply.value) : 'nothing';
  return got === want ? undefined : fail(`${what} is ${got}; expected ${want}`, want, got);
}

const observedText = (observation: CaseObservation, key: string): string => {
  const reply = observation.replies[key];
  return reply ? formatObserved(reply.value) : 'nothing';
};

/** After `b.slots[0][0] = 'X'` on an otherwise empty board, only that slot may hold 'X'. */
function checkOnlyCornerChanged(observation: CaseObservation, height: number, width: number, why: string): CaseVerdict {
  const slots = observation.replies['slots'];
  if (!slots) return fail('no slots observed');
  const board = boardFromValue(slots.value);
  if ('problem' in board) return fail(board.problem, undefined, formatObserved(slots.value));
  if (board.rows.length !== height || board.rows.some((row) => row.length !== width)) {
    return fail(
      `slots should have ${height} rows of ${width}; got ${board.rows.length} rows of ${board.rows.map((r) => r.length).join(', ')}`,
    );
  }
  const changed = board.rows
    .flatMap((row, r) => row.map((cell, c) => (cell !== ' ' && !(r === 0 && c === 0) ? `[${r}][${c}]` : '')))
    .filter(Boolean);
  if (changed.length > 0) {
    return fail(`setting slots[0][0] also changed slots${changed.slice(0, 4).join(', slots')}${changed.length > 4 ? ', …' : ''}: ${why}`);
  }
  return pass();
}

export function cs111Property(property: string): PropertyCase[] {
  switch (property) {
    case 'cs111-board-init':
      return SIZES.map(([height, width]) => ({
        id: `board-init-${height}x${width}`,
        interaction: {
          steps: [
            call(['Board'], [int(height), int(width)], { bind: 'b' }),
            get(['b', 'height'], 'height'),
            get(['b', 'width'], 'width'),
            get(['b', 'slots'], 'empty'),
            set(['b', 'slots', 0, 0], str('X')),
            get(['b', 'slots'], 'slots'),
          ],
        },
        check: (o) => {
          const attribute = expectValue(o, 'height', String(height), 'b.height') ?? expectValue(o, 'width', String(width), 'b.width');
          if (attribute) return attribute;
          const empty = o.replies['empty'];
          const board = empty ? boardFromValue(empty.value) : { problem: 'no slots' };
          if ('problem' in board) return fail(`b.slots: ${board.problem}`);
          if (board.rows.some((row) => row.some((cell) => cell !== ' '))) return fail("a new board's slots must all be ' ' (a space)");
          return checkOnlyCornerChanged(o, height, width, 'the rows are the same list; build them with a list comprehension');
        },
      }));
    case 'cs111-board-reset-rows':
      return SIZES.slice(0, 2).map(([height, width]) => ({
        id: `board-reset-${height}x${width}`,
        interaction: {
          steps: [
            ...boardSteps({ height, width, rows: Array.from({ length: height }, () => 'X'.repeat(width)) }),
            call(['b', 'reset'], []),
            set(['b', 'slots', 0, 0], str('X')),
            get(['b', 'slots'], 'slots'),
          ],
        },
        check: (o) => checkOnlyCornerChanged(o, height, width, 'after reset the rows are the same list'),
      }));
    case 'cs111-player-init':
      return ['X', 'O'].map((checker) => ({
        id: `player-init-${checker}`,
        interaction: {
          steps: [call(['Player'], [str(checker)], { bind: 'p' }), get(['p', 'checker'], 'checker'), get(['p', 'num_moves'], 'moves')],
        },
        check: (o) => expectValue(o, 'checker', `'${checker}'`, 'p.checker') ?? expectValue(o, 'moves', '0', 'p.num_moves') ?? pass(),
      }));
    case 'cs111-random-player-inherits':
      return [
        {
          id: 'random-player-inherits',
          interaction: {
            steps: [
              call(
                ['issubclass'],
                [
                  { type: 'ref', path: ['RandomPlayer'] },
                  { type: 'ref', path: ['Player'] },
                ],
                { observe: 'subclass' },
              ),
              call(['RandomPlayer'], [str('O')], { bind: 'p' }),
              repr(['p'], 'repr'),
              call(['p', 'opponent_checker'], [], { observe: 'opponent' }),
              call(['Player'], [str('O')], { bind: 'q' }),
              repr(['q'], 'playerRepr'),
              call(['q', 'opponent_checker'], [], { observe: 'playerOpponent' }),
            ],
          },
          // Inherited means the same as Player's, whatever Player's says: its wording is player.repr's to grade.
          check: (o) =>
            expectValue(o, 'subclass', 'True', 'issubclass(RandomPlayer, Player)') ??
            expectValue(o, 'repr', observedText(o, 'playerRepr'), "repr(RandomPlayer('O')), which should be Player's repr(Player('O'))") ??
            expectValue(
              o,
              'opponent',
              observedText(o, 'playerOpponent'),
              "RandomPlayer('O').opponent_checker(), which should be Player('O').opponent_checker()",
            ) ??
            pass(),
        },
      ];
    case 'cs111-random-player-columns':
      return RANDOM_BOARDS.map((board, i) => ({
        id: `random-player-columns-${i + 1}`,
        interaction: {
          steps: [
            boardDouble,
            ...boardSteps(board),
            call(['RandomPlayer'], [str('X')], { bind: 'p' }),
            call(['p', 'next_move'], [refB], { repeat: RANDOM_CALLS, observe: 'columns' }),
          ],
        },
        check: (o) => checkRandomColumns(o, openColumns(board.rows)),
      }));
    case 'cs111-random-player-counts':
      return [
        {
          id: 'random-player-counts',
          interaction: {
            // The count starts from 0 whatever __init__ does: a wrong start is player.init's to charge.
            steps: [
              boardDouble,
              call(['Board'], [int(6), int(7)], { bind: 'b' }),
              call(['RandomPlayer'], [str('X')], { bind: 'p' }),
              set(['p', 'num_moves'], int(0)),
              call(['p', 'next_move'], [refB], { repeat: 3 }),
              get(['p', 'num_moves'], 'moves'),
            ],
          },
          check: (o) => expectValue(o, 'moves', '3', 'after three calls of next_move, num_moves') ?? pass(),
        },
      ];
    default:
      throw new Error(`internal: unknown CS111 property '${property}'`);
  }
}

const RANDOM_CALLS = 300;
const RANDOM_BOARDS = [
  { height: 2, width: 4, rows: ['O X ', 'XXOO'] },
  { height: 6, width: 7, rows: ['O  X   ', 'X  O   ', 'X  O O ', 'XX OXXO', 'OXOXXOX', 'OOXOOOX'] },
  { height: 3, width: 5, rows: ['     ', '     ', '     '] },
];

const openColumns = (rows: readonly string[]): number[] => [...rows[0]!].flatMap((cell, col) => (cell === ' ' ? [col] : []));

/** Only open columns, and each of them at least once: with 300 draws over ≤ 7 columns, missing one by chance is < 1e-18. */
function checkRandomColumns(observation: CaseObservation, open: readonly number[]): CaseVerdict {
  const reply = observation.replies['columns'];
  if (!reply || reply.value.type !== 'list') return fail('next_move results missing');
  const seen = new Map<string, number>();
  for (const item of reply.value.items) seen.set(formatObserved(item), (seen.get(formatObserved(item)) ?? 0) + 1);
  const allowed = new Set(open.map(String));
  const illegal = [...seen.keys()].filter((k) => !allowed.has(k));
  const counts = [...seen.entries()].map(([k, n]) => `${k}: ${n}`).join(', ');
  if (illegal.length > 0)
    return fail(
      `over ${RANDOM_CALLS} calls next_move returned ${illegal.join(', ')}, which ${illegal.length === 1 ? 'is not an open column' : 'are not open columns'} (open: ${open.join(', ')}; counts ${counts})`,
      open.join(', '),
      counts,
    );
  const missing = open.filter((col) => !seen.has(String(col)));
  if (missing.length > 0)
    return fail(
      `over ${RANDOM_CALLS} calls next_move never chose column ${missing.join(', ')} (counts ${counts}); it should choose at random among all open columns`,
      open.join(', '),
      counts,
    );
  return pass();
}
