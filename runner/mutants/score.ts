/**
 * From a graded run of a solution and its mutants to the mutation score: pure, so the rules are tested apart from
 * any process. A mutant is killed by a test that the unchanged solution passes and the mutant does not.
 */
import type { MutantResult, MutationResults, SubmissionResult, TestResult } from '../model/results.js';
import type { Mutant } from './generate.js';

export interface ScoreInput {
  readonly solution: string;
  readonly solutionId: string;
  readonly seed: number;
  readonly generated: number;
  readonly limit?: number | undefined;
  readonly functionFilter?: string | undefined;
  readonly mutants: readonly Mutant[];
  /** Each mutated file's original text, for the lines the change touched. */
  readonly originals: ReadonlyMap<string, string>;
  /** The reviewed equivalent mutants of the assignment: id → why. */
  readonly equivalents: ReadonlyMap<string, string>;
  readonly skippedFiles: readonly { readonly file: string; readonly reason: string }[];
  readonly given: MutationResults['given'];
}

const killing = (t: TestResult | undefined) => t !== undefined && t.status !== 'pass' && t.status !== 'skipped';

export function scoreMutants(submissions: readonly SubmissionResult[], input: ScoreInput): MutationResults {
  const solution = submissions.find((s) => s.id === input.solutionId);
  if (!solution) throw new Error(`the run has no result for the unchanged solution (${input.solutionId})`);
  const order = solution.tests.map((t) => t.id);
  const solutionFailures = solution.tests.filter((t) => killing(t)).map((t) => t.id);
  const fair = new Set(order.filter((id) => !solutionFailures.includes(id)));
  const byId = new Map(submissions.map((s) => [s.id, s]));
  const killers = new Map<string, string[]>();
  const staleEquivalents: { id: string; killedBy: string }[] = [];
  const mutants: MutantResult[] = input.mutants.map((m) => {
    const graded = byId.get(m.id);
    const tests = new Map((graded?.tests ?? []).map((t) => [t.id, t]));
    // A mutant the run has no result for (it should not happen) counts as killed by nothing, so it shows as a survivor.
    const killedBy = graded ? order.filter((id) => fair.has(id) && killing(tests.get(id))) : [];
    killers.set(m.id, killedBy);
    const why = input.equivalents.get(m.id);
    if (why !== undefined && killedBy.length > 0) staleEquivalents.push({ id: m.id, killedBy: killedBy[0]! });
    const status = killedBy.length > 0 ? 'killed' : why !== undefined ? 'equivalent' : 'survived';
    const lines = changedLines(input.originals.get(m.file) ?? '', m.source);
    return {
      id: m.id,
      file: m.file,
      line: lines.line || m.line,
      function: m.function,
      operator: m.operator,
      change: m.change,
      before: lines.before,
      after: lines.after,
      status,
      killingTests: killedBy.length,
      ...(killedBy[0] !== undefined && { killedBy: killedBy[0] }),
      ...(status === 'equivalent' && { why }),
    };
  });
  const killed = mutants.filter((m) => m.status === 'killed').length;
  const equivalent = mutants.filter((m) => m.status === 'equivalent').length;
  const counted = mutants.length - equivalent;
  const testInfo = solution.tests.map((t) => ({ id: t.id, name: t.name, group: t.group }));
  const groupOf = new Map(testInfo.map((t) => [t.id, t.group]));
  const tests = testInfo.map((t) => {
    const by = mutants.filter((m) => killers.get(m.id)!.includes(t.id));
    return { ...t, killed: by.length, onlyKilled: by.filter((m) => killers.get(m.id)!.length === 1).length };
  });
  const groups = [...new Set(testInfo.map((t) => t.group))].map((group) => {
    const groupsKilling = (m: MutantResult) => new Set(killers.get(m.id)!.map((id) => groupOf.get(id)));
    const by = mutants.filter((m) => groupsKilling(m).has(group));
    return {
      group,
      killed: by.length,
      onlyKilled: by.filter((m) => groupsKilling(m).size === 1).length,
      percent: percent(by.length, counted),
    };
  });
  return {
    solution: input.solution,
    solutionId: input.solutionId,
    seed: input.seed,
    generated: input.generated,
    graded: mutants.length,
    ...(input.limit !== undefined && { limit: input.limit }),
    ...(input.functionFilter !== undefined && { functionFilter: input.functionFilter }),
    killed,
    survived: mutants.filter((m) => m.status === 'survived').length,
    equivalent,
    score: percent(killed, counted),
    scoreWithEquivalents: percent(killed, mutants.length),
    solutionFailures,
    given: input.given,
    skippedFiles: input.skippedFiles,
    staleEquivalents,
    groups,
    tests,
    functions: byFunction(mutants),
    mutants,
  };
}

/** Per function, the mutants and what became of them: the survivors first, then the most mutated. */
function byFunction(mutants: readonly MutantResult[]): MutationResults['functions'] {
  const rows = new Map<string, { file: string; function: string; mutants: number; killed: number; survived: number; equivalent: number }>();
  for (const m of mutants) {
    const key = `${m.file}\0${m.function}`;
    const row = rows.get(key) ?? { file: m.file, function: m.function, mutants: 0, killed: 0, survived: 0, equivalent: 0 };
    row.mutants += 1;
    row[m.status] += 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.survived - a.survived || b.mutants - a.mutants || (a.function < b.function ? -1 : 1));
}

/** The lines a change touched: the first to the last line that differ, before and after, with the first's number. */
export function changedLines(original: string, mutated: string): { line: number; before: string[]; after: string[] } {
  const a = original.split('\n');
  const b = mutated.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (start === a.length && start === b.length) return { line: 0, before: [], after: [] };
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA >= start && endB >= start && a[endA] === b[endB]) {
    endA -= 1;
    endB -= 1;
  }
  return { line: start + 1, before: a.slice(start, endA + 1), after: b.slice(start, endB + 1) };
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 100);
