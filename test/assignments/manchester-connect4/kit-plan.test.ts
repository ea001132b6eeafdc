/**
 * What the student's kit may hold of Manchester: its plan's import graph reaches no reference and no case builder,
 * and the Python it ships (tools.py) stands in for no graded part, while doubles.py, which it never ships, holds no
 * tool. Its referee, the student's own functions, plays the grader's games when those functions are right, and
 * names the function that breaks a game.
 */
import { describe, expect, it } from 'vitest';
import { isToolName, kitPlanModules, pythonKinds } from '../../helpers/kit-plan.js';
import * as ref from '../../../reference/manchester-connect4.js';
import { KIT_REFEREE } from '../../../runner/assignments/manchester-connect4/kit-referee.js';
import { checkManchesterPlay } from '../../../runner/assignments/manchester-connect4/play-checks.js';
import { REFERENCE_REFEREE } from '../../../runner/assignments/manchester-connect4/reference-referee.js';
import { strategyCase } from '../../../runner/assignments/manchester-connect4/strategy.js';
import type { CaseObservation } from '../../../runner/checks/observation.js';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import type { Arg, ObservedValue } from '../../../runner/harness/protocol.js';
import type { Interaction } from '../../../runner/plan/interaction.js';
import { driveInTurn } from '../../../runner/plan/property.js';
import type { ProgramResult } from '../../../runner/pty/run-program.js';

describe('Manchester kit plan', () => {
  it('reaches nothing of reference/ and no case builder (the kit bundle builds)', async () => {
    expect(await kitPlanModules('manchester-connect4')).toContain('runner/assignments/manchester-connect4/plan.ts');
  });

  it('keeps the document functions in doubles.py and the tools in tools.py', () => {
    const { tools, doubles } = pythonKinds('manchester-connect4');
    expect(doubles.doubles).toEqual([]);
    expect(tools.doubles).toEqual([]);
    expect(Object.keys(doubles.functions)).toEqual(['manchester-document']);
    expect(Object.values(doubles.functions).flat().filter(isToolName)).toEqual([]);
    expect(Object.keys(tools.functions).sort()).toEqual(['files', 'inspect', 'manchester-quick-computer']);
    // The quick computer of play()'s computer games routes the student's suggestMove2 to their own suggestMove1: it
    // stands in for nothing with a version of its own. Every other tool is the grader's, named so.
    expect(tools.functions['manchester-quick-computer']).toEqual(['suggestMove2']);
    const { 'manchester-quick-computer': _quick, ...instruments } = tools.functions;
    expect(
      Object.values(instruments)
        .flat()
        .filter((name) => !/^Grade/u.test(name)),
    ).toEqual([]);
  });
});

/**
 * A stand-in for the harness with the document's functions as the student's (the reference), `makeMove` swappable
 * and `suggestMove2` the lowest open column: it runs set and call steps, binding and observing as the harness does.
 */
function fakeStudent(makeMove: (board: number[][], column: number, who: 1 | 2) => number[][] = ref.makeMove) {
  const functions: Record<string, (...args: never[]) => unknown> = {
    getValidMoves: ref.getValidMoves,
    makeMove,
    hasWon: ref.hasWon,
    suggestMove1: ref.suggestMove1Baseline,
    suggestMove2: (board: number[][]) => ref.getValidMoves(board)[0],
  };
  const value = (v: unknown): ObservedValue =>
    Array.isArray(v)
      ? { type: 'list', items: v.map(value) }
      : typeof v === 'boolean'
        ? { type: 'bool', value: v }
        : { type: 'int', value: v as number };
  return async (interaction: Interaction): Promise<CaseObservation> => {
    const names = new Map<string, unknown>();
    const arg = (a: Arg): unknown =>
      a.type === 'ref' ? names.get(String(a.path[0])) : a.type === 'list' ? a.items.map(arg) : 'value' in a ? a.value : undefined;
    const replies: Record<string, CaseObservation['replies'][string]> = {};
    for (const step of interaction.steps) {
      const request = step.request;
      if (request.op === 'set') names.set(String(request.target[0]), arg(request.value));
      if (request.op !== 'call') continue;
      const result = functions[String(request.target[0])]!(...(request.args.map(arg) as never[]));
      if (request.bind) names.set(request.bind, result);
      if (step.observe) replies[step.observe] = { value: value(result), stdout: '', prompts: [], inputsLeft: 0, durationMs: 1 };
    }
    return { replies };
  };
}

describe("the kit's referee: the student's own functions", () => {
  it("plays the grader's games against the random player when the student's functions are right", async () => {
    const student = fakeStudent();
    const kit = await driveInTurn(strategyCase('random', KIT_REFEREE), student);
    const grader = await driveInTurn(strategyCase('random', REFERENCE_REFEREE), student);
    // The same games, move for move (the kit's verdict adds which of the student's functions ruled them).
    const games = (message: string) => message.split('\n').filter((line) => line.startsWith('  '));
    expect(games(kit.message)).toEqual(games(grader.message));
    expect(games(kit.message).length).toBeGreaterThan(0);
    expect(kit.status).toBe(grader.status);
  });

  it("plays the student's own suggestMove1 as the opponent, and says so", async () => {
    const verdict = await driveInTurn(strategyCase('suggestMove1', KIT_REFEREE), fakeStudent());
    expect(verdict.message).toContain('against your own suggestMove1');
    expect(strategyCase('minimax4', KIT_REFEREE).reproduce).toBe('');
  });

  it('stops a game whose makeMove does not drop a checker, naming makeMove', async () => {
    const fromTop = (board: number[][], column: number, who: 1 | 2) =>
      board.map((row, r) => row.map((v, c) => (r === 0 && c === column ? who : v)));
    const verdict = await driveInTurn(strategyCase('random', KIT_REFEREE), fakeStudent(fromTop));
    expect(verdict).toMatchObject({
      status: 'error',
      message: expect.stringContaining('The kit ruled this with your own getValidMoves, makeMove and hasWon'),
    });
    expect(verdict.message).toContain(
      'Here makeMove(board, 0, 1) returned a board that is not one checker dropped in column 1: the checker in column 1 floats',
    );
  });

  it("judges a computer's game with the student's own hasWon, asked once", async () => {
    const boards = [3, 2, 3, 2, 3, 2, 3].reduce<number[][][]>(
      (all, column, i) => [...all, ref.makeMove(all.at(-1) ?? ref.emptyBoard(), column, ((i % 2) + 1) as 1 | 2)],
      [],
    );
    const transcript = `${boards.map((b) => ref.printBoard(b)).join('')}X has won!\n`;
    const run: ProgramResult = {
      transcript,
      exitCode: 0,
      signal: undefined,
      truncated: false,
      maxChars: 1e6,
      askedForMore: false,
      answersSent: 2,
      durationMs: 1,
    };
    const computer: FixtureCase = {
      id: 'play.gen.computer-vs-computer',
      source: { kind: 'generated', seed: 1, family: 't' },
      python: '',
      input: { lines: ['C', 'C'], mode: 'computer', note: 'n' },
      expected: { value: { type: 'none' } },
    };
    let asks = 0;
    const student = fakeStudent();
    const counted = (interaction: Interaction) => {
      asks++;
      return student(interaction);
    };
    expect(await checkManchesterPlay('play-computer', computer, run, KIT_REFEREE, counted)).toMatchObject({ status: 'pass' });
    expect(asks).toBe(1);
    const early = {
      ...run,
      transcript: `${boards.map((b) => ref.printBoard(b)).join('')}${ref.printBoard(ref.makeMove(boards.at(-1)!, 0, 2))}`,
    };
    expect(await checkManchesterPlay('play-computer', computer, early, KIT_REFEREE, counted)).toMatchObject({
      status: 'fail',
      after: [{ by: 'check', id: 'referee-caveat', text: expect.stringContaining('The kit ruled this with your own hasWon') }],
    });
  });
});
