/**
 * suggestMove2's strength (Task 11): whole games against a baseline, the submission on both colours, ruled by the
 * plan's referee (the reference when grading, the student's own functions in the kit). Each of its moves is one
 * harness call from a fresh namespace, seeded, within the document's 5 seconds; a move that is late, raises, or is
 * not a valid column loses that game. The verdict is the win/draw/loss table.
 */
import { createRng, type Rng } from '../../model/rng.js';
import { formatException, type CaseObservation } from '../../checks/observation.js';
import { intColumnOf } from '../../checks/values.js';
import { fail, pass, type CaseVerdict } from '../../checks/verdict.js';
import { call, int } from '../../plan/interaction.js';
import { emptyBoard, type Side } from './board.js';
import { refereeFailure, withCaveat, type Baseline, type Opponent, type Referee } from './referee.js';
import { boardArg } from './steps.js';
import type { Ask, DrivenPropertyCase } from '../../plan/property.js';

/** What passing a tournament asks; the opponent itself is the referee's. */
export interface BaselineRule {
  /** Games per colour. */
  readonly games: number;
  /** What passing asks of the results, in words and as a rule. */
  readonly goal: string;
  readonly passes: (t: Tally) => boolean;
}

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

const points = (t: Tally) => t.wins + t.draws / 2;
const games = (t: Tally) => t.wins + t.draws + t.losses;

export const BASELINES: Readonly<Record<Baseline, BaselineRule>> = {
  // One game as each colour: any strategy worth the name beats a random player both times, and every game is a
  // plain student's search paid again (a third and fourth game added 40 % to the class's time in this test).
  random: { games: 1, goal: 'win both games, one as X and one as O', passes: (t) => t.wins === games(t) && games(t) > 0 },
  suggestMove1: {
    games: 1,
    goal: 'win more games than it loses (the document: better than suggestMove1)',
    passes: (t) => t.wins > t.losses,
  },
  minimax2: { games: 1, goal: 'score at least half (a draw counts half)', passes: (t) => points(t) * 2 >= games(t) },
  minimax4: { games: 1, goal: 'score at least half (a draw counts half)', passes: (t) => points(t) * 2 >= games(t) },
};

interface GameRecord {
  readonly studentAs: 1 | 2;
  readonly result: 'win' | 'draw' | 'loss';
  readonly columns: number[];
  readonly forfeit?: string;
  /** The submission's slowest move in the game, in ms. */
  readonly slowestMs?: number;
}

const NAME = ['', 'X', 'O'] as const;

/** One game; the submission plays `studentAs`. */
async function playGame(ask: Ask, referee: Referee, opponent: Opponent, studentAs: Side, rng: Rng): Promise<GameRecord> {
  let board = emptyBoard();
  let open: readonly number[] = await referee.validMoves(ask, board);
  const columns: number[] = [];
  let slowestMs = 0;
  for (let who: Side = 1; ; who = who === 1 ? 2 : 1) {
    let column: number;
    if (who === studentAs) {
      const observed = await ask({ steps: [call(['suggestMove2'], [boardArg(board), int(who)], { observe: 'move' })] });
      const verdict = readMove(observed, open);
      if ('forfeit' in verdict) return { studentAs, result: 'loss', columns, forfeit: verdict.forfeit, slowestMs };
      slowestMs = Math.max(slowestMs, verdict.ms);
      column = verdict.column;
    } else {
      column = await opponent.move(ask, board, who, rng, open);
    }
    const played = await referee.play(ask, board, column, who);
    board = played.board;
    open = played.open;
    columns.push(column);
    if (played.won) return { studentAs, result: who === studentAs ? 'win' : 'loss', columns, slowestMs };
    if (open.length === 0) return { studentAs, result: 'draw', columns, slowestMs };
  }
}

function readMove(observed: CaseObservation, open: readonly number[]): { column: number; ms: number } | { forfeit: string } {
  const f = observed.failure;
  if (f) {
    if (f.kind === 'timeout') return { forfeit: `a move took longer than ${f.limitMs / 1000} s` };
    if (f.kind === 'exception') return { forfeit: `suggestMove2 raised ${formatException(f.exception)}` };
    return { forfeit: `the Python process failed: ${f.detail}` };
  }
  const reply = observed.replies['move']!;
  const column = intColumnOf(reply.value);
  if (column === undefined)
    return {
      forfeit: `suggestMove2 returned ${reply.value.type === 'none' ? 'None' : `a ${reply.value.type === 'object' ? reply.value.class : reply.value.type}`}, not a column index 0–6`,
    };
  if (!open.includes(column)) return { forfeit: `suggestMove2 returned ${column}, which is not a valid move on that board` };
  return { column, ms: reply.durationMs };
}

/**
 * The tournament against one baseline as one driven case: every game, then the table. A referee with no such
 * opponent (the kit has no minimax) leaves the test to the grader.
 */
export function strategyCase(baseline: Baseline, referee: Referee): DrivenPropertyCase {
  const rule = BASELINES[baseline];
  const opponent = referee.opponent(baseline);
  const id = `suggestMove2-vs-${baseline}`;
  const parts = ['getValidMoves', 'makeMove', 'hasWon', ...(baseline === 'suggestMove1' ? ['suggestMove1 as the opponent'] : [])];
  if (!opponent)
    return {
      id,
      reproduce: '',
      drive: async () => ({ status: 'error', message: `the games against ${baseline} are played by the grader only` }),
    };
  return {
    id,
    reproduce: `# suggestMove2(board, who) is asked for every move of its games against ${opponent.label}, ${rule.games * 2} games in all,\n# each move from a fresh start, seeded; the games' columns are in the message.`,
    drive: async (_ask, play) => {
      const total = rule.games * 2;
      // Each game is a part of its own, from a fresh process: a game whose result cannot change the verdict is not
      // played (a first game lost to the random player fails whatever the second does; a win against a minimax is
      // half the points), and where a core would idle the games are played side by side.
      const games = Array.from({ length: rule.games }, (_, g) =>
        ([1, 2] as const).map((studentAs) => (ask: Ask) => playGame(ask, referee, opponent, studentAs, createRng(1000 * g + studentAs))),
      ).flat();
      let records: GameRecord[];
      try {
        records = await play(games, (before) => !decided(rule, before, total));
      } catch (error) {
        return refereeFailure(error, referee, parts);
      }
      const verdict = withCaveat(
        strategyVerdict({ ...rule, label: opponent.label }, records, Math.max(0, ...records.map((r) => r.slowestMs ?? 0)), total),
        referee,
        parts,
      );
      return opponent.own ? { ...verdict, ownOpponent: opponent.own } : verdict;
    },
  };
}

/** Whether every way the games left could go gives the same verdict. */
export function decided(rule: Pick<BaselineRule, 'passes'>, records: readonly Pick<GameRecord, 'result'>[], total: number): boolean {
  const played = tallyOf(records);
  const left = total - records.length;
  if (left <= 0) return true;
  const verdicts = new Set<boolean>();
  for (let wins = 0; wins <= left; wins++) {
    for (let draws = 0; wins + draws <= left; draws++) {
      verdicts.add(rule.passes({ wins: played.wins + wins, draws: played.draws + draws, losses: played.losses + left - wins - draws }));
    }
  }
  return verdicts.size === 1;
}

function tallyOf(records: readonly Pick<GameRecord, 'result'>[]): Tally {
  const tally: Tally = { wins: 0, draws: 0, losses: 0 };
  for (const r of records) tally[r.result === 'win' ? 'wins' : r.result === 'draw' ? 'draws' : 'losses']++;
  return tally;
}

/** The tournament's verdict: the rule applied to the tally, and every game's columns for the student to replay. */
export function strategyVerdict(
  rule: BaselineRule & { readonly label: string },
  records: readonly GameRecord[],
  slowestMs: number,
  total = records.length,
): CaseVerdict {
  const tally = tallyOf(records);
  const unplayed = total - records.length;
  const rows = records.map(
    (r, i) =>
      `  game ${i + 1}, you ${NAME[r.studentAs]}: ${r.result.toUpperCase()}${r.forfeit ? ` (forfeit: ${r.forfeit})` : ''}; columns ${r.columns.map((c) => c + 1).join(' ')}`,
  );
  const table = [
    `against ${rule.label}: won ${tally.wins}, drew ${tally.draws}, lost ${tally.losses} of ${records.length}; slowest move ${(slowestMs / 1000).toFixed(2)} s`,
    ...rows,
    ...(unplayed > 0
      ? [
          `  (the other ${unplayed === 1 ? 'game was' : `${unplayed} games were`} not played: ${unplayed === 1 ? 'it' : 'they'} could not change the verdict)`,
        ]
      : []),
  ].join('\n');
  const byColour = ([1, 2] as const)
    .map(
      (as) =>
        `as ${NAME[as]}: ${records
          .filter((r) => r.studentAs === as)
          .map((r) => r.result[0]!.toUpperCase())
          .join(' ')}`,
    )
    .join(', ');
  const summary = `won ${tally.wins}, drew ${tally.draws}, lost ${tally.losses} (${byColour}); slowest move ${(slowestMs / 1000).toFixed(2)} s`;
  if (rule.passes(tally)) return { ...pass(), message: table, note: summary };
  return fail(`suggestMove2 must ${rule.goal}; ${table}`, rule.goal, `W ${tally.wins} D ${tally.draws} L ${tally.losses}`);
}
