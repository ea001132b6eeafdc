/**
 * The kind of look-ahead mistake a failing test shows: the student's scores on every case the test ran are compared
 * with the document's look-ahead made with one plausible mistake each (reference/core/lookahead-variants.ts). A
 * mistake is named only when it gives exactly the student's scores on every failing case and the right scores on
 * every case the student passed, and no other mistake does too: a diagnosis is never a guess. Pure.
 */
import { gridFromRows, XO_SPACE, type Grid, type Piece } from '../../reference/core/grid.js';
import {
  nameMistake,
  type AnswerRule,
  type ChoiceMistake,
  type FullBoardRuleName,
  type LookaheadPosition,
  type MistakeFamily,
  type MistakeName,
  type SeenCase,
} from './lookahead-cases.js';
import { scoreColumnsWith, type LookaheadMistake } from '../../reference/core/lookahead-variants.js';
import type { Diagnosis } from '../model/results.js';

/** A mistake named, with the switch that makes it in the reference's search. */
export interface MistakeVariant extends MistakeName {
  readonly mistake: LookaheadMistake;
}

/** The mistakes named, in the order they are tried (each is tried on its own). */
export const LOOKAHEAD_MISTAKES: readonly MistakeVariant[] = [
  {
    id: 'one-level-shallower',
    sentence:
      "what a search one level shallower than the look-ahead asked for gives: count the levels again (a look-ahead of 1 tries one move and scores the opponent's replies with look-ahead 0)",
    mistake: { depth: -1 },
  },
  {
    id: 'one-level-deeper',
    sentence:
      'what a search one level deeper than the look-ahead asked for gives: the opponent searches with one less than you, not the same',
    mistake: { depth: 1 },
  },
  {
    id: 'replies-as-own-moves',
    sentence:
      "what you get when the opponent's replies are scored as your own moves: each level below must score the board for the other checker",
    mistake: { samePlayer: true },
  },
  {
    id: 'worst-reply',
    sentence:
      "what you get by taking the opponent's worst reply instead of its best: the opponent plays the reply best for it, the highest of its scores",
    mistake: { worstReply: true },
  },
  {
    id: 'opponent-win-as-50',
    sentence:
      'what you get when a reply that wins for the opponent (100) is scored 50 for you instead of 0: a move that lets the opponent win is a loss',
    mistake: { opponentWinAs50: true },
  },
  {
    id: 'reply-not-turned',
    sentence:
      "what you get by keeping the opponent's best score as your own: a reply that wins for the opponent (100) is a loss for you (0), and the other way round",
    mistake: { noFlip: true },
  },
  {
    id: 'board-never-restored',
    sentence:
      'what you get when the checkers tried while looking ahead are never taken back: every later column is scored on a board with extra checkers',
    mistake: { restore: 'never' },
  },
  {
    id: 'win-not-restored',
    family: 'win-not-restored',
    sentence:
      'what you get when a trial move that wins is not taken back (a return or continue before the undo, or the undo only where the column scores 50): every later column is scored with that checker still on the board',
    mistake: { restore: 'not-after-win' },
  },
  {
    id: 'restored-only-on-50',
    family: 'win-not-restored',
    sentence:
      'what you get when a trial checker is taken back only when its column scores 50: after a move that wins or loses the board keeps it, and every later column is scored on a wrong board',
    mistake: { restore: 'only-50' },
  },
  {
    id: 'finished-game-searched',
    sentence: 'what you get by searching on from a board already won, instead of scoring it 100 or 0 at once',
    mistake: { playsOnFinished: true },
  },
  {
    id: 'full-column-left-50',
    sentence:
      'what you get when a full column keeps the 50 the list started with instead of -1, at every level of the look-ahead: give a full column -1 first',
    mistake: { fullLeftAt: 50 },
  },
  {
    id: 'full-column-left-0',
    sentence:
      'what you get when a full column keeps the 0 the list started with instead of -1, at every level of the look-ahead: give a full column -1 first',
    mistake: { fullLeftAt: 0 },
  },
];

const isFullBoardRule = (rule: AnswerRule): rule is FullBoardRuleName => rule === 'tie-50' || rule === 'complement';

/**
 * The one mistake that explains every case the tests ran (runner/plan/lookahead-cases.ts, nameMistake): for a
 * look-ahead's scores, each mistake's made by the reference's search with its switch; for an AI's moves, the
 * columns each of the assignment's mistaken AIs may choose (`choices`: Manchester's suggest-mistakes.ts).
 */
export function diagnoseLookahead(
  cases: readonly SeenCase[],
  rules: readonly AnswerRule[],
  family: MistakeFamily = 'scores',
  choices: readonly ChoiceMistake[] = [],
  mistakes: readonly MistakeVariant[] = LOOKAHEAD_MISTAKES,
): Diagnosis | undefined {
  if (family === 'choices') {
    const byId = new Map(choices.map((m) => [m.id, m]));
    return nameMistake(
      cases,
      rules,
      choices,
      (id, rule, c) => (c.answers ? c.answers[id]?.[rule] : byId.get(id)?.choices?.(c.position)),
      'choices',
    );
  }
  const boards = new Map<SeenCase, { grid: Grid; me: Piece }>();
  const byId = new Map(mistakes.map((m) => [m.id, m]));
  return nameMistake(cases, rules, mistakes, (id, rule, c) => {
    if (!isFullBoardRule(rule)) return undefined;
    if (!boards.has(c)) boards.set(c, boardOf(c));
    const { grid, me } = boards.get(c)!;
    return scoreColumnsWith(grid, me, c.position.lookahead, byId.get(id)!.mistake, rule);
  });
}

/**
 * The mistakes of a family, and each one's answers on a position under every reading: the table a kit carries for
 * its visible cases, so it names a mistake holding no search.
 */
export function mistakeTable(
  family: MistakeFamily,
  choices: readonly ChoiceMistake[] = [],
): { mistakes: readonly MistakeName[]; answers: (position: LookaheadPosition) => Record<string, Partial<Record<AnswerRule, number[]>>> } {
  const named = (list: readonly MistakeName[]) => list.map(({ id, family: f, sentence }) => ({ id, sentence, ...(f && { family: f }) }));
  if (family === 'choices') {
    return {
      mistakes: named(choices),
      answers: (position) => Object.fromEntries(choices.flatMap((m) => (m.choices ? [[m.id, { document: m.choices(position) }]] : []))),
    };
  }
  return { mistakes: named(LOOKAHEAD_MISTAKES), answers: (position) => mistakeAnswers(position) };
}

/** Each mistake's scores on a position under both rules. */
export function mistakeAnswers(
  position: LookaheadPosition,
  mistakes: readonly MistakeVariant[] = LOOKAHEAD_MISTAKES,
): Record<string, Record<FullBoardRuleName, number[]>> {
  const { grid, me } = boardOf({ id: '', position, expected: [], passed: true });
  return Object.fromEntries(
    mistakes.map((m) => [
      m.id,
      {
        'tie-50': scoreColumnsWith(grid, me, position.lookahead, m.mistake, 'tie-50'),
        complement: scoreColumnsWith(grid, me, position.lookahead, m.mistake, 'complement'),
      },
    ]),
  );
}

/** A position's board as the variants read it. */
function boardOf(c: SeenCase): { grid: Grid; me: Piece } {
  return { grid: gridFromRows(c.position.rows, XO_SPACE), me: c.position.me === 'X' ? 1 : 2 };
}
