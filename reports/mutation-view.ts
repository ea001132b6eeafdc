/**
 * The class summary's view of a `grade mutants` run: the score, where the survivors are, and what each test kills
 * that no other test does. Pure, from results.json.
 */
import type { MutantResult, MutationResults } from '../runner/model/results.js';

export interface MutantView {
  readonly id: string;
  /** The mutant's own page (it was graded as a submission). */
  readonly file: string;
  readonly where: string;
  readonly function: string;
  readonly change: string;
  readonly diff: readonly { readonly sign: '-' | '+'; readonly text: string }[];
  readonly killedBy?: string;
  readonly killingTests: number;
  readonly why?: string;
}

export interface MutationView {
  readonly score: number;
  readonly scoreWithEquivalents: number;
  readonly generated: number;
  readonly graded: number;
  readonly counted: number;
  readonly killed: number;
  readonly survived: number;
  readonly equivalent: number;
  readonly solution: string;
  readonly selection: string;
  readonly solutionFailures: readonly string[];
  readonly stale: readonly { readonly id: string; readonly killedBy: string }[];
  readonly skipped: readonly string[];
  /** The functions the document gives, whose mutants were not graded. */
  readonly given: MutationResults['given'];
  readonly groups: MutationResults['groups'];
  /** Functions with at least one survivor, the most first. */
  readonly functions: MutationResults['functions'];
  readonly survivors: readonly MutantView[];
  readonly equivalents: readonly MutantView[];
  readonly killedMutants: readonly MutantView[];
  /** Every test with what it kills; `alone` is false for a test that kills nothing no other test kills. */
  readonly tests: readonly {
    readonly id: string;
    readonly name: string;
    readonly killed: number;
    readonly onlyKilled: number;
    readonly alone: boolean;
  }[];
}

export function mutationView(m: MutationResults, pageOf: (id: string) => string): MutationView {
  const view = (x: MutantResult): MutantView => ({
    id: x.id,
    file: pageOf(x.id),
    where: `${x.file}:${x.line}`,
    function: x.function,
    change: x.change,
    diff: [...x.before.map((text) => ({ sign: '-' as const, text })), ...x.after.map((text) => ({ sign: '+' as const, text }))],
    ...(x.killedBy !== undefined && { killedBy: x.killedBy }),
    killingTests: x.killingTests,
    ...(x.why !== undefined && { why: x.why }),
  });
  const of = (status: MutantResult['status']) => m.mutants.filter((x) => x.status === status).map(view);
  return {
    score: m.score,
    scoreWithEquivalents: m.scoreWithEquivalents,
    generated: m.generated,
    graded: m.graded,
    counted: m.graded - m.equivalent,
    killed: m.killed,
    survived: m.survived,
    equivalent: m.equivalent,
    solution: m.solution,
    selection: [
      m.functionFilter !== undefined && `functions matching ${m.functionFilter}`,
      m.limit !== undefined && m.graded < m.generated && `${m.graded} chosen by seed ${m.seed} (--limit ${m.limit})`,
    ]
      .filter(Boolean)
      .join(', '),
    solutionFailures: m.solutionFailures,
    stale: m.staleEquivalents,
    skipped: m.skippedFiles.map((s) => `${s.file}: ${s.reason}`),
    given: (m.given ?? []).filter((g) => g.mutants > 0),
    groups: m.groups,
    functions: m.functions.filter((f) => f.survived > 0),
    survivors: of('survived'),
    equivalents: of('equivalent'),
    killedMutants: of('killed'),
    tests: m.tests.map((t) => ({ id: t.id, name: t.name, killed: t.killed, onlyKilled: t.onlyKilled, alone: t.onlyKilled > 0 })),
  };
}
