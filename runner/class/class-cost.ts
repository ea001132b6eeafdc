/**
 * What a class run cost beside the least it could: the floor (starting Python and importing every submission), the
 * students' own code in the documents' examples and in everything else, the jobs' idle time at the end, and what is
 * left, the grader's own time. Pure, from the submissions' results and the jobs' idle time: each part is spread over
 * the run's jobs.
 */
import type { ClassCost, SubmissionResult } from '../model/results.js';

/** `idleMs`: the jobs' time with nothing left to grade while another job finished its last submission, added up. */
export function classCost(submissions: readonly SubmissionResult[], jobs: number, wallMs: number, idleMs = 0): ClassCost {
  const lanes = Math.max(1, Math.min(jobs, submissions.length));
  const spread = (ms: number) => round(ms / 1000 / lanes);
  const total = (part: (s: SubmissionResult) => number) => submissions.reduce((n, s) => n + part(s), 0);
  const examples = total((s) => s.tests.reduce((n, t) => n + (t.documentMs ?? 0), 0));
  // Imports are in the floor; the rest of the students' time is split into the documents' examples and the others.
  const rest = total((s) => Math.max(0, (s.studentMs ?? 0) - (s.importMs ?? 0))) - examples;
  const floorS = spread(total((s) => s.floorMs ?? 0));
  const examplesS = spread(examples);
  const restS = spread(Math.max(0, rest));
  const tailS = spread(Math.max(0, idleMs));
  const wallS = round(wallMs / 1000);
  return {
    submissions: submissions.length,
    jobs: lanes,
    wallS,
    floorS,
    examplesS,
    restS,
    tailS,
    graderS: round(Math.max(0, wallS - floorS - examplesS - restS - tailS)),
  };
}

/** The parts of a class's cost that its shards had, as one: the machines' time adds up. */
export function sumCosts(costs: readonly ClassCost[]): ClassCost | undefined {
  if (costs.length === 0) return undefined;
  const add = (key: Exclude<keyof ClassCost, 'jobs'>) => round(costs.reduce((n, c) => n + (c[key] ?? 0), 0));
  return {
    submissions: add('submissions'),
    jobs: Math.max(...costs.map((c) => c.jobs)),
    wallS: add('wallS'),
    floorS: add('floorS'),
    examplesS: add('examplesS'),
    restS: add('restS'),
    tailS: add('tailS'),
    graderS: add('graderS'),
  };
}

/** The cost in one paragraph for the terminal: each part in seconds and as a share of the wall time. */
export function formatClassCost(cost: ClassCost): string {
  const share = (s: number) => (cost.wallS > 0 ? ` (${Math.round((100 * s) / cost.wallS)} %)` : '');
  const n = `${cost.submissions} submission${cost.submissions === 1 ? '' : 's'}`;
  return [
    `What the class cost: ${cost.wallS.toFixed(1)} s for ${n} on ${cost.jobs} job${cost.jobs === 1 ? '' : 's'}.`,
    `  the floor, starting Python and importing each submission: ${cost.floorS.toFixed(1)} s${share(cost.floorS)}`,
    `  the students' own code in the documents' examples: ${cost.examplesS.toFixed(1)} s${share(cost.examplesS)}`,
    `  the students' own code in the other tests: ${cost.restS.toFixed(1)} s${share(cost.restS)}`,
    ...(cost.tailS ? [`  jobs idle at the end, waiting for the last submissions: ${cost.tailS.toFixed(1)} s${share(cost.tailS)}`] : []),
    `  the grader's own time (processes, round trips, checks): ${cost.graderS.toFixed(1)} s${share(cost.graderS)}`,
  ].join('\n');
}

const round = (n: number) => Math.round(n * 10) / 10;
