/**
 * AI strength judged by perfect play: the positions and their labels, the judgement of a test, the AIs' agreement,
 * and real AIs graded through the harness (a deeper look-ahead rates higher; the same seed gives the same figure).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasRun } from '../../reference/core/grid.js';
import { Solver } from '../../reference/core/solver.js';
import { positionsForSeed } from '../../runner/fixtures/strength-cases.js';
import type { AssignmentId } from '../../runner/model/ids.js';
import type { FixtureCase, SolverLabels } from '../../runner/model/fixture-types.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { columnOf, judgeStrength, type PositionAnswer, type StrengthPosition } from '../../runner/checks/ai-strength.js';
import { gradeSubmission } from '../../runner/grade/grade-submission.js';
import type { AiStrength, SubmissionResult, TestResult } from '../../runner/model/results.js';
import { aiAgreement } from '../../runner/insight/ai-agreement.js';
import { probeSandbox, type SandboxEnvironment } from '../../runner/sandbox/environment.js';
import { preparePython } from '../../runner/sandbox/python-packages.js';
import { loadSpec } from '../../runner/pack/load-spec.js';
import type { ResolvedSpec, ResolvedTest } from '../../runner/model/spec-types.js';
import { gradingPlan } from '../../runner/assignments/registry.js';

describe('strength positions', () => {
  const positions = positionsForSeed(20_261_122);

  it('are the same for a seed and differ for another', () => {
    expect(positionsForSeed(20_261_122)).toBe(positions);
    const again = positionsForSeed(7).map((p) => p.moves);
    expect(again).toHaveLength(positions.length);
    expect(again).not.toEqual(positions.map((p) => p.moves));
  });

  it('are middle-game positions where the choice matters, labelled as the solver scores them', () => {
    const solver = new Solver({ tableSize: 1 << 20 });
    for (const p of positions) {
      expect(p.moves.length).toBeGreaterThanOrEqual(14);
      expect(hasRun(p.grid, 1, 4) || hasRun(p.grid, 2, 4), p.moves).toBe(false);
      expect(solver.analyze(p.grid).scores, p.moves).toEqual(p.scores);
      const open = p.scores.filter((s): s is number => s !== null);
      expect(p.value).toBe(Math.max(...open));
      // Some move keeps the value, some move gives it away; none wins at once (every AI would find it).
      expect(
        open.some((s) => Math.sign(s) !== Math.sign(p.value)),
        p.moves,
      ).toBe(true);
      expect(p.value, p.moves).toBeLessThan((43 - p.moves.length) >> 1);
    }
  });
});

describe('judging a strength test', () => {
  const labels: SolverLabels = { value: 3, scores: [-2, 3, 1, 0, null, -5, 3] };
  const position = (i: number): StrengthPosition => ({ id: `AI.strength.gen.00${i}`, labels, python: `p.move(b${i})` });
  const four = [0, 1, 2, 3].map(position);

  it('counts a kept value and a best move apart, and names the first position whose value was lost', () => {
    const judged = judgeStrength(four, [{ column: 1 }, { column: 2 }, { column: 3 }, { column: 6 }], { points: 0 });
    expect(judged.strength).toEqual({ positions: 4, answered: 4, kept: 3, best: 2, moves: [1, 2, 3, 6] });
    expect(judged.verdict.status).toBe('pass');
    expect(judged.verdict.message).toContain("kept the game's value in 3 of 4 positions (75 %) and played a best move in 2 (50 %)");
    expect(judged.verdict.message).toContain(
      'in AI.strength.gen.002 it chose column 3, which turns a win into a draw; column 1, 2 or 6 would keep it',
    );
    expect(judged.verdict).toMatchObject({ expected: 'column 1, 2 or 6 (keeps a win)', actual: 'column 3 (a draw)' });
    expect(judged.reproduce).toBe('p.move(b2)');
  });

  it('counts a crash, a full column or a non-column as no move, and says so', () => {
    const crash: PositionAnswer = { missing: { status: 'error', message: 'raised ValueError' } };
    const judged = judgeStrength(four, [crash, { column: 4 }, { column: 9 }, { column: 1 }], { points: 0 });
    expect(judged.strength).toMatchObject({ answered: 1, kept: 1, best: 1, moves: [null, null, null, 1] });
    expect(judged.verdict.message).toContain('3 positions got no move; the first (AI.strength.gen.000): raised ValueError');
  });

  it('is an error, or a timeout, when no position got a move', () => {
    const hang: PositionAnswer = { missing: { status: 'timeout', message: 'did not finish' } };
    expect(judgeStrength(four, [hang], { points: 0 }).verdict.status).toBe('timeout');
    expect(judgeStrength(four, [{ missing: { status: 'error', message: 'x' } }], { points: 0 }).verdict.status).toBe('error');
  });

  it('passes or fails by minKeeps only when the spec gives the test points', () => {
    const answers = [{ column: 1 }, { column: 0 }, { column: 0 }, { column: 0 }];
    expect(judgeStrength(four, answers, { points: 0 }).verdict.status).toBe('pass');
    expect(judgeStrength(four, answers, { points: 2, minKeeps: 0.5 }).verdict.status).toBe('fail');
    expect(judgeStrength(four, answers, { points: 2, minKeeps: 0.25 }).verdict.status).toBe('pass');
  });

  it('reads a column from an int, a whole float and a numpy integer, and nothing else', () => {
    expect(columnOf({ type: 'int', value: 3 })).toBe(3);
    expect(columnOf({ type: 'float', value: 3 })).toBe(3);
    expect(columnOf({ type: 'float', value: 2.5 })).toBeUndefined();
    expect(columnOf({ type: 'object', class: 'int64', repr: 'np.int64(4)' })).toBe(4);
    expect(columnOf({ type: 'str', value: '3' })).toBeUndefined();
    expect(columnOf({ type: 'none' })).toBeUndefined();
  });
});

describe('AIs that choose alike', () => {
  const strength = (moves: (number | null)[]): AiStrength => ({ positions: moves.length, answered: moves.length, kept: 0, best: 0, moves });
  const submission = (id: string, moves: (number | null)[]): SubmissionResult => ({
    id,
    path: id,
    assignment: 'cs111-ps9',
    status: 'graded',
    score: 0,
    maxScore: 0,
    durationMs: 0,
    tests: [
      {
        id: 'ai.strength',
        name: 'n',
        group: 'g',
        target: 't',
        status: 'pass',
        score: 0,
        maxScore: 0,
        visibility: 'hidden',
        message: '',
        strength: strength(moves),
      },
    ],
  });
  const usual = [3, 3, 2, 4, 3, 1, 5, 3];

  it('pairs two AIs that share the moves most of the class does not make, and no AI that plays as most do', () => {
    const odd = [0, 6, 0, 0, 6, 1, 5, 0];
    const pairs = aiAgreement([
      submission('a', usual),
      submission('b', usual),
      submission('c', usual),
      submission('d', [...usual.slice(0, 7), 6]),
      submission('copy-1', odd),
      submission('copy-2', odd),
    ]);
    expect(pairs).toEqual([{ test: 'ai.strength', a: 'copy-1', b: 'copy-2', same: 6, of: 6 }]);
  });

  it('does not pair two AIs whose unusual moves differ, nor judge a class too small to have a usual move', () => {
    const class5 = [
      submission('a', usual),
      submission('b', usual),
      submission('c', usual),
      submission('x', [0, 6, 0, 0, 6, 1, 5, 0]),
      submission('y', [6, 0, 6, 6, 0, 1, 5, 6]),
    ];
    expect(aiAgreement(class5)).toEqual([]);
    expect(aiAgreement([submission('x', [0, 0, 0]), submission('y', [0, 0, 0]), submission('z', [1, 1, 1])])).toEqual([]);
  });
});

describe('AIs graded through the harness', () => {
  let sandbox: SandboxEnvironment;
  const specs = new Map<AssignmentId, ResolvedSpec>();
  beforeAll(async () => {
    for (const a of ['cs111-ps9', 'hmc-cs5-hw11', 'manchester-connect4'] as const) specs.set(a, loadSpec(PROJECT_ROOT, a));
    const prepared = await preparePython('python3', specs.get('manchester-connect4')!.packages);
    sandbox = { ...(await probeSandbox(prepared.python)), allowedPackages: [], courseModules: [] };
  }, 600_000);

  /** The strength test of a spec, its AI asked at `depth` instead of the spec's. */
  function atDepth(test: ResolvedTest, depth: number, field: 'lookahead' | 'ply'): ResolvedTest {
    const fixtureCases = test.fixtureCases.map((c): FixtureCase => ({
      ...c,
      input: { ...c.input, player: { ...(c.input['player'] as object), [field]: depth } },
    }));
    return { ...test, fixtureCases };
  }

  /** The test's result for a sample (a name under fixtures/submissions, or a folder). */
  async function strengthOf(assignment: AssignmentId, sample: string, test: ResolvedTest, seed = 1): Promise<TestResult> {
    const spec = specs.get(assignment)!;
    const path = isAbsolute(sample) ? sample : join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, sample);
    const files = readdirSync(path)
      .filter((name) => name !== 'BUG.md')
      .map((name) => ({ name, source: join(path, name) }));
    const only = { pattern: test.id, regex: new RegExp(`^${test.id.replaceAll('.', '\\.')}$`, 'u') };
    const result = await gradeSubmission(
      { id: sample, path, files },
      {
        spec: { ...spec, tests: [test] },
        ...gradingPlan(spec.assignment),
        sandbox: { ...sandbox, allowedPackages: spec.packages, courseModules: spec.courseModules },
        seed,
        only,
        strength: true,
      },
    );
    return result.tests[0]!;
  }

  const strengthTest = (assignment: AssignmentId) => specs.get(assignment)!.tests.find((t) => t.kind === 'strength')!;

  it('rates a correct AIPlayer at look-ahead 4 measurably higher than at look-ahead 1, on the same positions', async () => {
    const test = strengthTest('cs111-ps9');
    const deep = (await strengthOf('cs111-ps9', 'correct-classic', atDepth(test, 4, 'lookahead'))).strength!;
    const shallow = (await strengthOf('cs111-ps9', 'correct-classic', atDepth(test, 1, 'lookahead'))).strength!;
    expect(deep.answered).toBe(deep.positions);
    expect(shallow.answered).toBe(shallow.positions);
    expect(
      deep.kept - shallow.kept,
      `look-ahead 4 kept ${deep.kept}, look-ahead 1 kept ${shallow.kept} of ${deep.positions}`,
    ).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('rates a correct HMC Player at ply 4 higher than at ply 1', async () => {
    const test = strengthTest('hmc-cs5-hw11');
    const deep = (await strengthOf('hmc-cs5-hw11', 'correct-classic', atDepth(test, 4, 'ply'))).strength!;
    const shallow = (await strengthOf('hmc-cs5-hw11', 'correct-classic', atDepth(test, 1, 'ply'))).strength!;
    expect(deep.kept - shallow.kept, `ply 4 kept ${deep.kept}, ply 1 kept ${shallow.kept}`).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('gives the same figure for the same seed, and a buggy look-ahead a lower one than a correct AI', async () => {
    const test = strengthTest('cs111-ps9');
    const first = await strengthOf('cs111-ps9', 'correct-compact', test, 5);
    const again = await strengthOf('cs111-ps9', 'correct-compact', test, 5);
    expect(first.status).toBe('pass');
    expect(again.strength).toEqual(first.strength);
    const buggy = await strengthOf('cs111-ps9', 'scores-for-ignores-threats', test, 5);
    expect(buggy.strength!.kept).toBeLessThan(first.strength!.kept);
  }, 120_000);

  it("measures both of Manchester's AIs, and an AI that plays at random the same for the same seed only", async () => {
    for (const test of specs.get('manchester-connect4')!.tests.filter((t) => t.kind === 'strength')) {
      const measured = await strengthOf('manchester-connect4', 'correct-classic', test);
      expect(measured.strength!.answered, test.id).toBe(test.fixtureCases.length);
    }
    const dir = mkdtempSync(join(tmpdir(), 'random-ai-'));
    try {
      writeFileSync(
        join(dir, 'connect4_random.py'),
        'import random\n\ndef suggestMove1(board, who):\n    return random.choice([c for c in range(7) if board[0][c] == 0])\n',
      );
      const test = specs.get('manchester-connect4')!.tests.find((t) => t.id === 'suggestMove1.strength')!;
      const first = await strengthOf('manchester-connect4', dir, test, 11);
      const again = await strengthOf('manchester-connect4', dir, test, 11);
      const other = await strengthOf('manchester-connect4', dir, test, 12);
      expect(first.strength!.answered).toBe(test.fixtureCases.length);
      expect(again.strength).toEqual(first.strength);
      expect(other.strength!.moves).not.toEqual(first.strength!.moves);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
