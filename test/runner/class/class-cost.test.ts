import { describe, expect, it } from 'vitest';
import { classCost, formatClassCost, sumCosts } from '../../../runner/class/class-cost.js';
import { gradeAll } from '../../../runner/cli/grade-command.js';
import type { SubmissionResult } from '../../../runner/model/results.js';
import { classCostView } from '../../../reports/class-views.js';

/** A graded submission with only the times the class's cost reads. */
const graded = (id: string, ms: { floor: number; student: number; imports: number; document: number }): SubmissionResult => ({
  id,
  path: id,
  assignment: 'cs61a-hw04',
  status: 'graded',
  score: 0,
  maxScore: 1,
  durationMs: 0,
  floorMs: ms.floor,
  studentMs: ms.student,
  importMs: ms.imports,
  tests: [
    {
      id: 't',
      name: 't',
      group: 'g',
      target: 't',
      status: 'pass',
      score: 0,
      maxScore: 1,
      visibility: 'visible',
      message: '',
      documentMs: ms.document,
    },
  ],
});

describe('what a class run cost', () => {
  const class2 = [
    graded('a', { floor: 2000, student: 6000, imports: 1000, document: 1000 }),
    graded('b', { floor: 2000, student: 4000, imports: 1000, document: 3000 }),
  ];

  it("splits the wall time into the floor, the two parts of the students' code, the jobs idle at the end and the grader's own", () => {
    // Two jobs for 10 s of wall time: 4 s of floor, 4 s in the examples and 6 s in the other tests over two jobs,
    // and one job idle for the last 3 s.
    const cost = classCost(class2, 2, 10_000, 3000);
    expect(cost).toEqual({ submissions: 2, jobs: 2, wallS: 10, floorS: 2, examplesS: 2, restS: 2, tailS: 1.5, graderS: 2.5 });
    expect(cost.floorS + cost.examplesS + cost.restS + cost.tailS! + cost.graderS).toBeCloseTo(cost.wallS, 5);
  });

  it('counts no idle time where the jobs ended together, and never gives the grader less than nothing', () => {
    expect(classCost(class2, 2, 10_000)).toMatchObject({ tailS: 0, graderS: 4 });
    expect(classCost(class2, 2, 5000, 9000)).toMatchObject({ tailS: 4.5, graderS: 0 });
  });

  it('adds shards up part by part, a shard from before the idle time was counted giving none', () => {
    const old = { submissions: 1, jobs: 1, wallS: 5, floorS: 1, examplesS: 1, restS: 1, graderS: 2 };
    expect(sumCosts([classCost(class2, 2, 10_000, 3000), old])).toEqual({
      submissions: 3,
      jobs: 2,
      wallS: 15,
      floorS: 3,
      examplesS: 3,
      restS: 3,
      tailS: 1.5,
      graderS: 4.5,
    });
    expect(sumCosts([])).toBeUndefined();
  });

  it('names the idle jobs in the terminal and the class page only when there were some', () => {
    const idle = classCost(class2, 2, 10_000, 3000);
    expect(formatClassCost(idle)).toContain('jobs idle at the end, waiting for the last submissions: 1.5 s (15 %)');
    expect(formatClassCost(classCost(class2, 2, 10_000))).not.toContain('idle');
    expect(classCostView(idle).parts.map((p) => p.kind)).toEqual(['floor', 'examples', 'rest', 'tail', 'grader']);
    expect(classCostView(classCost(class2, 2, 10_000)).parts.map((p) => p.kind)).toEqual(['floor', 'examples', 'rest', 'grader']);
  });
});

describe('grading a class on several jobs', () => {
  it('hears when each job finds nothing left: the job with the long last item goes idle after the other', async () => {
    const events: string[] = [];
    // "slow" ends a turn of the event loop after both quick items have ended, on the other job.
    let release!: () => void;
    const quickDone = new Promise<void>((done) => (release = done));
    let quick = 0;
    const results = await gradeAll(
      ['slow', 'q1', 'q2'],
      2,
      async (item) => {
        if (item === 'slow') {
          await quickDone;
          await new Promise((done) => setImmediate(done));
        } else if (++quick === 2) release();
        else await new Promise((done) => setImmediate(done));
        events.push(`done ${item}`);
        return item.toUpperCase();
      },
      () => false,
      (at) => events.push(`idle at ${at > 0 ? 'a time' : at}`),
    );
    expect(results).toEqual(['SLOW', 'Q1', 'Q2']);
    expect(events).toEqual(['done q1', 'done q2', 'idle at a time', 'done slow', 'idle at a time']);
  });

  it('starts nothing once told to stop, and still says each job went idle', async () => {
    let calls = 0;
    const idle: number[] = [];
    await gradeAll(
      [1, 2, 3, 4],
      2,
      async (n) => {
        calls++;
        return n;
      },
      () => calls >= 1,
      (at) => idle.push(at),
    );
    expect(calls).toBe(1);
    expect(idle).toHaveLength(2);
  });
});
