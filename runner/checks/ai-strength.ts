/**
 * A strength test's judgement: the moves an AI chose on solver-labelled positions, counted against perfect play.
 * Pure: the runner hands over what each position's call returned, this returns the figure and the verdict.
 */
import type { ObservedValue } from '../harness/protocol.js';
import { intColumnOf } from '../checks/values.js';
import type { CaseVerdict } from '../checks/verdict.js';
import type { SolverLabels } from '../model/fixture-types.js';
import type { AiStrength } from '../model/results.js';

export interface StrengthPosition {
  readonly id: string;
  readonly labels: SolverLabels;
  /** The Python that asks for this position's move, for the report. */
  readonly python: string;
}

/** What one position's call gave: a column, or why there is none (its verdict keeps a crash apart from a hang). */
export type PositionAnswer = { readonly column: number } | { readonly missing: CaseVerdict };

export interface StrengthJudgement {
  readonly verdict: CaseVerdict;
  readonly strength: AiStrength;
  /** The position the report's snippet shows: the first one lost or unanswered. */
  readonly reproduce?: string;
}

/** A column from a reply: what a tournament accepts (an int, a numpy integer), or a float with no fraction. */
export function columnOf(value: ObservedValue): number | undefined {
  if (value.type === 'float' && typeof value.value === 'number' && Number.isInteger(value.value)) return value.value;
  return intColumnOf(value);
}

const outcome = (score: number) => (score > 0 ? 'a win' : score < 0 ? 'a loss' : 'a draw');
const percent = (n: number, of: number) => `${Math.round((100 * n) / Math.max(of, 1))} %`;

export function keeps(labels: SolverLabels, column: number): boolean {
  const score = labels.scores[column];
  return score !== null && score !== undefined && Math.sign(score) === Math.sign(labels.value);
}

export function isBest(labels: SolverLabels, column: number): boolean {
  return labels.scores[column] === labels.value;
}

/** Columns (0-based, as the call returns them) that keep the value, read as a list: "3 or 4". */
function keepingColumns(labels: SolverLabels): string {
  const cols = labels.scores.flatMap((_, col) => (keeps(labels, col) ? [String(col)] : []));
  return cols.length <= 1 ? cols.join('') : `${cols.slice(0, -1).join(', ')} or ${cols.at(-1)}`;
}

export function judgeStrength(
  positions: readonly StrengthPosition[],
  answers: readonly PositionAnswer[],
  rule: { readonly points: number; readonly minKeeps?: number | undefined },
): StrengthJudgement {
  let kept = 0;
  let best = 0;
  let answered = 0;
  let firstLost: { position: StrengthPosition; column: number } | undefined;
  let firstMissing: { position: StrengthPosition; verdict: CaseVerdict } | undefined;
  let missing = 0;
  const moves = positions.map((position, i) => {
    const answer = answers[i];
    if (!answer || 'missing' in answer) {
      missing++;
      if (answer) firstMissing ??= { position, verdict: answer.missing };
      return null;
    }
    const score = position.labels.scores[answer.column];
    if (score === null || score === undefined) {
      missing++;
      firstMissing ??= { position, verdict: { status: 'fail', message: `it chose column ${answer.column}, which cannot be played there` } };
      return null;
    }
    answered++;
    if (keeps(position.labels, answer.column)) kept++;
    else firstLost ??= { position, column: answer.column };
    if (isBest(position.labels, answer.column)) best++;
    return answer.column;
  });
  const strength: AiStrength = { positions: positions.length, answered, kept, best, moves };

  if (answered === 0) {
    const first = firstMissing?.verdict;
    return {
      verdict: {
        status: first?.status === 'timeout' ? 'timeout' : 'error',
        message: `no move could be judged on the ${positions.length} positions${first ? `; the first (${firstMissing!.position.id}): ${first.message}` : ''}`,
      },
      strength,
      ...(firstMissing && { reproduce: firstMissing.position.python }),
    };
  }

  const lines = [
    `kept the game's value in ${kept} of ${positions.length} positions (${percent(kept, positions.length)}) and played a best move in ${best} (${percent(best, positions.length)}), judged by perfect play.`,
  ];
  if (missing > 0 && firstMissing)
    lines.push(
      `${missing} position${missing === 1 ? '' : 's'} got no move; the first (${firstMissing.position.id}): ${firstMissing.verdict.message}`,
    );
  else if (missing > 0) lines.push(`${missing} position${missing === 1 ? ' was' : 's were'} not asked: the submission's time ran out.`);
  if (firstLost) {
    const { position, column } = firstLost;
    lines.push(
      `For example, in ${position.id} it chose column ${column}, which turns ${outcome(position.labels.value)} into ${outcome(position.labels.scores[column]!)}; column ${keepingColumns(position.labels)} would keep it.`,
    );
  }
  const share = kept / positions.length;
  const earns = rule.points === 0 || share >= (rule.minKeeps ?? 0);
  lines.push(
    rule.points === 0
      ? 'This figure is for information: it costs no points.'
      : `It needs ${percent(rule.minKeeps ?? 0, 1)} for its points.`,
  );
  const shown = firstLost ?? (firstMissing && { position: firstMissing.position });
  return {
    verdict: {
      status: earns ? 'pass' : 'fail',
      message: lines.join('\n'),
      ...(firstLost && {
        expected: `column ${keepingColumns(firstLost.position.labels)} (keeps ${outcome(firstLost.position.labels.value)})`,
        actual: `column ${firstLost.column} (${outcome(firstLost.position.labels.scores[firstLost.column]!)})`,
      }),
    },
    strength,
    ...(shown && { reproduce: shown.position.python }),
  };
}
