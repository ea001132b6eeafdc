/** Manchester's checks on made-up observations: lenient boards, docstrings, exceptions by class, play() endings. */
import { describe, expect, it } from 'vitest';
import * as ref from '../../../reference/manchester-connect4.js';
import {
  checkDocstrings,
  checkManchesterCase,
  docstringProblem,
  readBoards,
} from '../../../runner/assignments/manchester-connect4/checks.js';
import {
  afterTheSave,
  checkManchesterPlay as checkPlay,
  warnedAfter,
} from '../../../runner/assignments/manchester-connect4/play-checks.js';
import type { CaseObservation, ObservedReply } from '../../../runner/checks/observation.js';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import type { Interaction } from '../../../runner/plan/interaction.js';
import { driveInTurn } from '../../../runner/plan/property.js';
import type { ObservedValue } from '../../../runner/harness/protocol.js';
import { decided, strategyCase, strategyVerdict, BASELINES } from '../../../runner/assignments/manchester-connect4/strategy.js';
import { REFERENCE_REFEREE } from '../../../runner/assignments/manchester-connect4/reference-referee.js';
import { ASK_MARKER } from '../../../runner/checks/program-markers.js';
import type { ProgramResult } from '../../../runner/pty/run-program.js';

const reply = (value: ObservedValue, stdout = ''): ObservedReply => ({ value, stdout, prompts: [], inputsLeft: 0, durationMs: 1 });
const board = ref.makeMove(ref.makeMove(ref.emptyBoard(), 3, 1), 2, 2);
const source = { kind: 'generated', seed: 1, family: 't' } as const;

describe('reading printed boards', () => {
  it("reads the document's drawing, header and rule skipped, and wider cells", () => {
    const [read] = readBoards(ref.printBoard(board));
    expect(read!.rows).toEqual(board);
    expect(read!.blankEmpty).toBe(true);
    const wide = ['  1   2   3   4   5   6   7', ...board.map((r) => `| ${r.map((v) => ' XO'[v]).join(' | ')} |`)].join('\n');
    expect(readBoards(wide)[0]!.rows).toEqual(board);
    const ruled = [
      '  1   2   3   4   5   6   7',
      '+---+---+---+---+---+---+---+',
      ...board.flatMap((r) => [`| ${r.map((v) => ' XO'[v]).join(' | ')} |`, '+---+---+---+---+---+---+---+']),
    ].join('\n');
    expect(readBoards(ruled)).toHaveLength(1);
    expect(readBoards(ruled)[0]!.rows).toEqual(board);
  });

  it('marks boards that print empty cells as dots, and finds every board in a transcript', () => {
    const dotted = board.map((r) => `|${r.map((v) => '.XO'[v]).join('|')}|`).join('\n');
    expect(readBoards(dotted)[0]!.blankEmpty).toBe(false);
    expect(readBoards(`${ref.printBoard(ref.emptyBoard())}Ada (X): 4\n${ref.printBoard(board)}`)).toHaveLength(2);
  });

  it('passes printBoard without the exact frame, and fails it without the column numbers', () => {
    const testCase: FixtureCase = {
      id: 'printBoard.gen.1',
      source,
      python: '',
      input: { board },
      expected: { stdout: ref.printBoard(board) },
    };
    const printed = (stdout: string): CaseObservation => ({ replies: { result: reply({ type: 'none' }, stdout) } });
    const noHeader = ref.printBoard(board).split('\n').slice(1).join('\n');
    expect(checkManchesterCase('printed-board', testCase, printed(ref.printBoard(board)), 'printBoard(b)').status).toBe('pass');
    expect(checkManchesterCase('printed-board', testCase, printed(noHeader), 'printBoard(b)')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('no column numbers 1–7'),
    });
  });
});

describe('loadGame exceptions', () => {
  const malformed: FixtureCase = {
    id: 'loadGame.gen.malformed-who',
    source,
    python: '',
    input: { fileText: 'a\nb\n3\n', filename: 'game.txt', malformed: 'who-out-of-range' },
    expected: { raises: 'ValueError' },
    facts: { reason: 'who is 3, not 1 or 2' },
  };
  const raised = (type: string, bases: string[]): CaseObservation => ({
    replies: {},
    failure: {
      kind: 'exception',
      step: 'loadGame()',
      observe: 'result',
      stdout: '',
      exception: { type, bases, message: 'bad', frames: [] },
    },
  });

  it('accepts the named exception or a subclass of it, and names what it got otherwise', () => {
    expect(checkManchesterCase('load', malformed, raised('ValueError', ['ValueError', 'Exception']), 'loadGame()').status).toBe('pass');
    expect(
      checkManchesterCase('load', malformed, raised('BadGameFile', ['BadGameFile', 'ValueError', 'Exception']), 'loadGame()').status,
    ).toBe('pass');
    expect(checkManchesterCase('load', malformed, raised('IndexError', ['IndexError', 'LookupError']), 'loadGame()')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('expected ValueError (or a subclass of it)'),
    });
  });

  it('fails a file that loads without complaint', () => {
    const loaded: CaseObservation = { replies: { result: reply({ type: 'dict', entries: [] }) } };
    expect(checkManchesterCase('load', malformed, loaded, 'loadGame()')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('is malformed (who-out-of-range: who is 3, not 1 or 2); expected it to raise ValueError'),
    });
  });
});

describe('docstrings', () => {
  it('wants something meaningful: not missing, not the TODO, not a word or two', () => {
    expect(docstringProblem(null)).toBe('no docstring');
    expect(docstringProblem('TODO: Write meaningful docstring!')).toContain('TODO');
    expect(docstringProblem('Plays.')).toContain('too short');
    expect(docstringProblem('Returns the columns that are not full.')).toBeUndefined();
  });

  it('lists every function that falls short', () => {
    const docs: ObservedValue = {
      type: 'list',
      items: [
        ['module connect4_a.py', 'Connect Four by A.'],
        ['newGame', null],
        ['hasWon', 'Returns True when who has four in a line.'],
      ].map(([n, d]) => ({ type: 'list', items: [{ type: 'str', value: n! }, d ? { type: 'str', value: d } : { type: 'none' }] })),
    };
    expect(checkDocstrings({ replies: { docs: reply(docs) } })).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/newGame: no docstring/),
    });
  });
});

describe('play() endings', () => {
  const noAsk = async (): Promise<CaseObservation> => {
    throw new Error('the reference referee asks nothing');
  };
  const checkManchesterPlay = (check: string, testCase: FixtureCase, run: ProgramResult) =>
    checkPlay(check, testCase, run, REFERENCE_REFEREE, noAsk);
  const result = (transcript: string, extra: Partial<ProgramResult> = {}): ProgramResult => ({
    transcript,
    exitCode: 0,
    signal: undefined,
    truncated: false,
    maxChars: 1e6,
    askedForMore: false,
    answersSent: 3,
    durationMs: 1,
    ...extra,
  });
  const win = ref.simulatePlay(['ada', 'grace', '4', '4', '3', '3', '2', '2', '5']);
  const replay: FixtureCase = {
    id: 'play.gen.humans-win',
    source,
    python: '',
    input: { lines: ['ada', 'grace', '4'], mode: 'replay', note: 'n' },
    expected: {
      value: {
        type: 'dict',
        entries: [
          [
            { type: 'str', value: 'ending' },
            { type: 'str', value: 'won' },
          ],
          [
            { type: 'str', value: 'winner' },
            { type: 'str', value: 'Ada' },
          ],
          [
            { type: 'str', value: 'board' },
            {
              type: 'list',
              items: win.game!.board.map((r) => ({ type: 'list', items: r.map((value) => ({ type: 'int', value }) as const) })),
            },
          ],
        ],
      },
    },
  };

  it('passes the final board with the winner named; a lower-case name fails only the names test', async () => {
    const ok = `Name: ${ASK_MARKER}ada\n${ref.printBoard(win.game!.board)}Ada (X) has won!\n`;
    expect((await checkManchesterPlay('play-replay', replay, result(ok))).status).toBe('pass');
    const lower = result(ok.replace('Ada (X)', 'ada (X)'));
    expect(await checkManchesterPlay('play-replay', replay, lower)).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('graded by play.names'),
    });
    expect(await checkManchesterPlay('play-replay', { ...replay, id: 'play.gen.names-reasked' }, lower)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('capitalised'),
    });
  });

  it('reads a winner announced before the final board', async () => {
    const before = `Name: ${ASK_MARKER}ada\nAda (X) has won!\n${ref.printBoard(win.game!.board)}`;
    expect((await checkManchesterPlay('play-replay', replay, result(before))).status).toBe('pass');
  });

  it('judges a computer game by its own boards: one legal drop at a time', async () => {
    const b1 = ref.makeMove(ref.emptyBoard(), 3, 1);
    const b3 = ref.makeMove(ref.makeMove(b1, 3, 2), 4, 1);
    const computer: FixtureCase = { ...replay, id: 'play.gen.c', input: { lines: [], mode: 'computer', note: 'n' } };
    expect(await checkManchesterPlay('play-computer', computer, result(`${ref.printBoard(b1)}${ref.printBoard(b3)}`))).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('2 cells changed'),
    });
  });

  it('names the line typed before a traceback in the robustness runs', async () => {
    const fuzz: FixtureCase = { ...replay, id: 'play.gen.fuzz', input: { lines: ['ada', 'grace', 'x'], mode: 'fuzz', note: 'junk' } };
    const crashed = result('Traceback (most recent call last):\n  File "c.py", line 3\nValueError: invalid literal for int()', {
      answersSent: 3,
    });
    expect(await checkManchesterPlay('play-robust', fuzz, crashed)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('after typing "x" (line 3 of the script)'),
    });
  });
});

describe('what follows a save in play()', () => {
  const lines = ['ada', 'grace', '4', 'S', '', '3'];
  const M = ASK_MARKER;
  // Each question ends with the marker, each answer is echoed on its own line.
  const session = (afterName: string, save = 'Save to which file? ') =>
    `Name of player 1: ${M}ada\nName of player 2: ${M}grace\nAda (X): Which column to select? ${M}4\nGrace (O): Which column to select? ${M}S\n${save}${M}\n${afterName}Grace (O): Which column to select? ${M}3\n`;

  it('passes a save followed by the same column prompt, with or without a word that it was saved', () => {
    expect(afterTheSave(session('The game has been saved to a file.\n'), lines, 'S')).toBeUndefined();
    expect(afterTheSave(session(''), lines, 'S')).toBeUndefined();
  });

  it('fails a save followed by a word that the input was invalid, and says what it printed', () => {
    const verdict = afterTheSave(session('The game has been saved to a file.\nInvalid input. Try again!\n'), lines, 'S');
    expect(verdict).toMatchObject({ status: 'fail', message: expect.stringContaining('"Invalid input. Try again!"') });
    expect(afterTheSave(session('Saved.\nThat is not a valid column.\n'), lines, 'S')?.status).toBe('fail');
  });

  it('judges nothing when S asked no file name (the next line went to the column prompt), or without S', () => {
    const noName = `Grace (O): Which column to select? ${M}S\nSaved to game.txt.\nGrace (O): Which column to select? ${M}\nInvalid input. Try again!\nGrace (O): Which column to select? ${M}3\n`;
    expect(
      afterTheSave(`Name of player 1: ${M}ada\nName of player 2: ${M}grace\nAda (X): Which column to select? ${M}4\n${noName}`, lines, 'S'),
    ).toBeUndefined();
    expect(afterTheSave(session('Invalid input. Try again!\n'), ['ada', 'grace', '4', '3'], 'S')).toBeUndefined();
  });

  it("reads the course's own save command", () => {
    const renamed = session('Invalid input. Try again!\n').replace(`${M}S\n`, `${M}save\n`);
    expect(afterTheSave(renamed, ['ada', 'grace', '4', 'save', '', '3'], 'save')?.status).toBe('fail');
  });
});

describe('a warning after a refused column', () => {
  const M = ASK_MARKER;
  const lines = ['ada', 'grace', '0', '4'];
  const session = (afterZero: string, question = 'Ada (X): Which column to select? ') =>
    `Name of player 1: ${M}ada\nName of player 2: ${M}grace\nAda (X): Which column to select? ${M}0\n${afterZero}${question}${M}4\n`;

  it('passes a warning printed before the question, or a question that says it', () => {
    expect(warnedAfter(session('Invalid input. Try again!\n'), lines, [2])).toBeUndefined();
    expect(warnedAfter(session('', 'Column 0 is not on the board, pick 1-7: '), lines, [2])).toBeUndefined();
  });

  it('fails the same question asked again with nothing but the board before it', () => {
    expect(warnedAfter(session(''), lines, [2])).toMatchObject({ status: 'fail', message: expect.stringContaining('after "0"') });
    expect(warnedAfter(session(`${ref.printBoard(board)}\n`), lines, [2])?.status).toBe('fail');
  });
});

describe('the tournament verdict', () => {
  it('draws the win/draw/loss table and applies the baseline rule', () => {
    const verdict = strategyVerdict(
      { ...BASELINES.suggestMove1, label: 'suggestMove1' },
      [
        { studentAs: 1, result: 'win', columns: [3, 3] },
        { studentAs: 2, result: 'loss', columns: [3], forfeit: 'a move took longer than 5 s' },
      ],
      120,
    );
    expect(verdict).toMatchObject({ status: 'fail', message: expect.stringContaining('won 1, drew 0, lost 1 of 2; slowest move 0.12 s') });
    expect(verdict.message).toContain('game 2, you O: LOSS (forfeit: a move took longer than 5 s)');
  });
});

describe('a tournament that stops once its verdict is decided', () => {
  const results = (...r: ('win' | 'draw' | 'loss')[]) => r.map((result) => ({ result }));

  it('plays the second game against a random player after a win, and none after a game not won', () => {
    expect(BASELINES.random.games * 2).toBe(2);
    expect(decided(BASELINES.random, results('win'), 2)).toBe(false);
    expect(decided(BASELINES.random, results('draw'), 2)).toBe(true);
    expect(decided(BASELINES.random, results('loss'), 2)).toBe(true);
    expect(decided(BASELINES.random, results('win', 'win'), 2)).toBe(true);
    expect(
      strategyVerdict(
        { ...BASELINES.random, label: 'a random player' },
        [1, 2].map((as) => ({ studentAs: as as 1 | 2, result: 'win' as const, columns: [3] })),
        50,
      ).status,
    ).toBe('pass');
    expect(
      strategyVerdict(
        { ...BASELINES.random, label: 'a random player' },
        [
          { studentAs: 1, result: 'win', columns: [3] },
          { studentAs: 2, result: 'draw', columns: [3] },
        ],
        50,
      ).status,
    ).toBe('fail');
  });

  it('plays both games against suggestMove1 after a win, and stops after a loss', () => {
    expect(decided(BASELINES.suggestMove1, results('win'), 2)).toBe(false);
    expect(decided(BASELINES.suggestMove1, results('loss'), 2)).toBe(true);
  });

  it('stops against a minimax after a win (half the points are in), and is decided once every game is played', () => {
    expect(decided(BASELINES.minimax2, results('win'), 2)).toBe(true);
    expect(decided(BASELINES.minimax4, results('loss'), 2)).toBe(false);
    expect(decided(BASELINES.minimax4, results('loss', 'draw'), 2)).toBe(true);
  });

  it('says in the table which games were not played', () => {
    const verdict = strategyVerdict(
      { ...BASELINES.random, label: 'a random player' },
      [{ studentAs: 1, result: 'loss', columns: [3] }],
      50,
      2,
    );
    expect(verdict).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('the other game was not played: it could not change the verdict'),
    });
  });
});

describe('the tournament driver', () => {
  /** A stand-in for the harness: plays the lowest open column, answered as numpy's int64 would be. */
  const numpyStudent = async (interaction: Interaction): Promise<CaseObservation> => {
    const request = interaction.steps[0]!.request;
    if (request.op !== 'call') throw new Error('a call was expected');
    const rows = (request.args[0] as unknown as { items: { items: { value: number }[] }[] }).items.map((row) =>
      row.items.map((cell) => cell.value),
    );
    const column = rows[0]!.findIndex((cell) => cell === 0);
    return { replies: { move: reply({ type: 'object', class: 'int64', repr: `np.int64(${column})` }) } };
  };

  it('plays every game to the end, reading numpy integers as columns', async () => {
    const verdict = await driveInTurn(strategyCase('random', REFERENCE_REFEREE), numpyStudent);
    // It plays the lowest open column, so it loses its first game, played to the end, and the second is not needed.
    expect(verdict.message).toMatch(/lost 1 of 1; slowest move/);
    expect(verdict.message).toMatch(/game 1, you X: LOSS; columns( \d){7,}/);
    expect(verdict.message).not.toContain('forfeit');
  });

  it('forfeits a game on an answer that is not a column', async () => {
    const verdict = await driveInTurn(strategyCase('suggestMove1', REFERENCE_REFEREE), async () => ({
      replies: { move: reply({ type: 'str', value: '3' }) },
    }));
    expect(verdict).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('forfeit: suggestMove2 returned a str, not a column index 0–6'),
    });
  });
});
