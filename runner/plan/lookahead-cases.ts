/**
 * What a look-ahead test keeps of its cases for naming the student's mistake, and the line a named mistake adds to a
 * failing test's message. Nothing here computes an answer: the mistakes are scored by the grader's search
 * (runner/plan/lookahead-diagnosis.ts), or read by the kit from the table of its visible cases' answers made when
 * it was built (runner/kit/kit-data.ts), so the student's kit holds no look-ahead.
 */
import type { Diagnosis } from '../model/results.js';

/** A case's position as plain data: the board's rows (top first, ' ', 'X', 'O'), the checker scored for, the look-ahead. */
export interface LookaheadPosition {
  readonly rows: readonly string[];
  readonly me: 'X' | 'O';
  readonly lookahead: number;
}

/** How the document may score a board filled within the look-ahead (reference/core/lookahead.ts). */
export type FullBoardRuleName = 'tie-50' | 'complement';

/**
 * Which mistakes a test's answers are read against: a look-ahead's lists of scores (CS111's scores_for, HMC's
 * scoresFor), each mistake's list to be the student's exactly; or the columns an AI may choose (Manchester's
 * suggestMove1: the assignment's own ChoiceMistakes), the student's column to be one of the mistake's.
 */
export type MistakeFamily = 'scores' | 'choices';

/**
 * The reading of the document a mistake is scored under: a full-board rule for scores; for moves, 'document', or
 * 'stop-at-win' for a search that stops at a won position (Conniption, whose document gives its search no end test).
 */
export type AnswerRule = FullBoardRuleName | 'document' | 'stop-at-win';

/**
 * One case a look-ahead test ran: its position, the scores it expects (for moves, the columns it accepts), the
 * student's answer (absent after a crash), and whether it passed.
 */
export interface SeenCase {
  readonly id: string;
  /** The test that ran it. */
  readonly test?: string;
  readonly position: LookaheadPosition;
  readonly expected: readonly number[];
  readonly actual?: readonly number[];
  readonly passed: boolean;
  /**
   * It ran out of time: no answer to judge, and no mistake ruled out by it (a search one level too deep takes seven
   * times as long, and on a slow machine longer than the limit), so it is left out rather than left to veto a name.
   */
  readonly hung?: boolean;
  /**
   * Each mistake's answers on this case by rule, where the student's own process computed them (Conniption's
   * search, judged on the student's genChildStates and betterEval); absent where the grader computes them.
   */
  readonly answers?: MistakeAnswers;
}

/** By mistake id, then rule: a mistake's answer on one case. */
export type MistakeAnswers = Readonly<Record<string, Readonly<Partial<Record<AnswerRule, readonly number[]>>>>>;

/** Names the one mistake that explains every case, or nothing. */
export type DiagnoseLookahead = (cases: readonly SeenCase[], rules: readonly AnswerRule[], family: MistakeFamily) => Diagnosis | undefined;

/** A mistake as it is named: its id, its family (mistakes no fixture board tells apart), and its sentence. */
export interface MistakeName {
  readonly id: string;
  readonly family?: string;
  /** One sentence, completing "Your scores are …" (for moves, "Your moves are …"). */
  readonly sentence: string;
}

/**
 * A mistaken AI that chooses a move: the moves it may choose on a position (runner/assignments/<id>/), or none
 * where the case's own answers say (SeenCase.answers).
 */
export interface ChoiceMistake extends MistakeName {
  choices?(position: LookaheadPosition): number[];
}

/** A mistaken AI whose moves follow from the position alone (Manchester's suggestMove1). */
export type PositionChoiceMistake = ChoiceMistake & { choices(position: LookaheadPosition): number[] };

/** A mistake's scores (for moves, the columns it may choose) on a case under a rule; undefined when not known. */
export type MistakeAnswer = (mistake: string, rule: AnswerRule, seen: SeenCase) => readonly number[] | undefined;

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * The one mistake that explains every case the tests ran, under one of the rules the document allows for a board
 * filled within the look-ahead: its scores are the student's on every failing case and on every case passed.
 * Undefined when none does, when two mistakes of different families do, or when a failing case crashed or hung.
 * The answers come from the grader's search (runner/plan/lookahead-diagnosis.ts) or, in the kit, from a table
 * of the visible cases' answers made when the kit was built.
 */
export function nameMistake(
  cases: readonly SeenCase[],
  rules: readonly AnswerRule[],
  mistakes: readonly MistakeName[],
  answer: MistakeAnswer,
  kind: MistakeFamily = 'scores',
): Diagnosis | undefined {
  const failing = cases.filter((c) => !c.passed && !c.hung);
  if (failing.length === 0 || failing.some((c) => !c.actual)) return undefined;
  const moves = kind === 'choices';
  // A move the document accepts failed for another reason (the board left changed): no choice explains that.
  if (moves && failing.some((c) => c.actual!.length !== 1 || c.expected.includes(c.actual![0]!))) return undefined;
  // The failing cases first, the shallowest first: most mistakes are ruled out by the first board they score.
  const byDepth = (a: SeenCase, b: SeenCase) => a.position.lookahead - b.position.lookahead;
  const judged = [...[...failing].sort(byDepth), ...cases.filter((c) => c.passed && c.actual).sort(byDepth)];
  const matches = (given: readonly number[] | undefined, c: SeenCase) =>
    given !== undefined &&
    (moves ? given.includes(c.actual![0]!) : given.length === c.actual!.length && given.every((v, i) => same(v, c.actual![i]!)));
  const found = mistakes.flatMap((m) =>
    rules
      .filter((rule) => judged.every((c) => matches(answer(m.id, rule, c), c)))
      .slice(0, 1)
      .map((rule) => ({ m, rule })),
  );
  // Choices: of mistakes that all allow the student's moves, the one allowing fewest on every board is named (a
  // wider one allows the student's moves only because it allows more).
  const named = moves ? narrowest(found, judged, answer) : found;
  const family = named[0]?.m.family;
  if (named.length === 0 || (named.length > 1 && (!family || named.some((f) => f.m.family !== family)))) return undefined;
  const m = named[0]!.m;
  return {
    variant: m.id,
    sentence: `Your ${moves ? 'moves' : 'scores'} are ${m.sentence}.`,
    cases: failing.map((c) => c.id),
    of: judged.length,
  };
}

/**
 * Whether some mistake, under some rule, chooses the student's move on every case given (their own answers,
 * SeenCase.answers): true for none given. Where it is false nothing can be named, so no more need be asked.
 */
export function someChoiceFits(cases: readonly SeenCase[], rules: readonly AnswerRule[]): boolean {
  if (cases.length === 0) return true;
  return fittingChoices([...new Set(cases.flatMap((c) => Object.keys(c.answers ?? {})))], cases, rules).length > 0;
}

/** Of the mistakes given, those that choose the student's move on every case given, under some rule. */
export function fittingChoices(mistakes: readonly string[], cases: readonly SeenCase[], rules: readonly AnswerRule[]): string[] {
  return mistakes.filter((id) =>
    rules.some((rule) => cases.every((c) => c.actual?.length === 1 && (c.answers?.[id]?.[rule]?.includes(c.actual[0]!) ?? false))),
  );
}

/** The found mistakes whose choices are within every other's on every board judged. */
function narrowest<T extends { m: MistakeName; rule: AnswerRule }>(
  found: readonly T[],
  judged: readonly SeenCase[],
  answer: MistakeAnswer,
): T[] {
  const within = (a: T, b: T) =>
    judged.every((c) => (answer(a.m.id, a.rule, c) ?? []).every((col) => (answer(b.m.id, b.rule, c) ?? []).includes(col)));
  const inside = found.filter((a) => found.every((b) => a === b || within(a, b)));
  return inside.length === 1 ? inside : [...found];
}

/** A case's position from its board's rows, the checker scored for (or to move) and the look-ahead; undefined for anything else. */
export function positionFromRows(rows: unknown, checker: unknown, lookahead: unknown): LookaheadPosition | undefined {
  if (
    !Array.isArray(rows) ||
    !rows.every((r) => typeof r === 'string') ||
    (checker !== 'X' && checker !== 'O') ||
    typeof lookahead !== 'number'
  )
    return undefined;
  return { rows, me: checker, lookahead };
}

/** The line a failing test's message gains: the mistake, and on how many boards it was checked. */
export const diagnosisLine = (d: Diagnosis) =>
  `The likely mistake (${d.variant}, matches all ${d.cases.length} failing board${d.cases.length === 1 ? '' : 's'} and the ${d.of - d.cases.length} passed): ${d.sentence}`;
