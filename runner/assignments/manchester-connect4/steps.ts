/**
 * Manchester's coursework (document 003) as harness steps and terminal programs. Functions are called as the
 * document names them; save files are put in place and read back by the grader's file tools, inside the
 * submission's throw-away copy; play() is answered whatever its prompts say (the harness marks every input()).
 */
import { formatPyStr, py } from '../../model/py-value.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { Arg } from '../../harness/protocol.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import type { ProgramPlan } from '../../plan/assignment.js';
import { argFromPy, call, get, int, set, str, type Interaction, type Step } from '../../plan/interaction.js';
import type { Board } from './board.js';
import { manchesterInput, playInput, type GameInput } from './inputs.js';

export type { PlayInput } from './inputs.js';

type Game = GameInput;

const DEFAULT_FILE = 'game.txt';
/** Where the round-trip test saves, so it never reads a file an earlier test left. */
const ROUND_TRIP_FILE = 'round-trip.txt';

/** A board of 0/1/2 rows as a Python list of lists argument. */
export const boardArg = (board: readonly (readonly number[])[]): Arg => argFromPy(py.list(board.map((row) => py.ints(row))));
const boardLiteral = (board: Board): string => `[${board.map((r) => `[${r.join(', ')}]`).join(', ')}]`;
const gameArg = (g: Game): Arg => ({
  type: 'dict',
  entries: [
    [str('player1'), str(g.player1)],
    [str('player2'), str(g.player2)],
    [str('who'), int(g.who)],
    [str('board'), boardArg(g.board)],
  ],
});

const tools = (kind: 'files' | 'inspect'): Step => ({ request: { op: 'double', kind, names: [] }, python: '' });

/** A file put in place (or removed) before the call, shown as the Python that would do the same. */
function writeFile(name: string, text: string | null): Step {
  const python = text === null ? `# (no file named ${name})` : `open(${formatPyStr(name)}, 'w').write(${formatPyStr(text)})`;
  return { ...call(['GradeWriteFile'], [str(name), text === null ? { type: 'none' } : str(text)]), python };
}

const readFile = (name: string, observe: string): Step => ({
  ...call(['GradeReadFile'], [str(name)], { observe }),
  python: `open(${formatPyStr(name)}).read()`,
});

/** The call under test, with `b` bound to the board first where the check looks at the board afterwards. */
export function manchesterInteraction(test: ResolvedTest, testCase: FixtureCase): Interaction {
  const input = manchesterInput(testCase);
  const { board } = input;
  const bindBoard = (): Step => set(['b'], boardArg(board!), `b = ${boardLiteral(board!)}`);
  const b: Arg = { type: 'ref', path: ['b'] };
  switch (test.target) {
    case 'newGame':
      return {
        steps: [
          tools('inspect'),
          call(['newGame'], [str(input.player1!), str(input.player2!)], { observe: 'result', bind: 'g' }),
          // Rows made by [[0] * 7] * 6 are one list: a move into one would show in all six.
          {
            ...call(['GradeDistinctRows'], [{ type: 'ref', path: ['g'] }], { observe: 'rows' }),
            python: "len({id(row) for row in g['board']})   # 6 different rows",
          },
        ],
      };
    case 'printBoard':
    case 'getValidMoves':
      return { steps: [bindBoard(), call([test.target], [b], { observe: 'result' })] };
    case 'hasWon':
      return { steps: [bindBoard(), call(['hasWon'], [b, int(input.who!)], { observe: 'result' })] };
    case 'makeMove':
      return { steps: [bindBoard(), call(['makeMove'], [b, int(input.move!), int(input.who!)], { observe: 'result' })] };
    case 'suggestMove1':
      return {
        steps: [bindBoard(), call(['suggestMove1'], [b, int(input.who!)], { observe: 'result' }), { ...get(['b'], 'board'), python: '' }],
      };
    case 'suggestMove2':
      return { steps: [bindBoard(), call(['suggestMove2'], [b, int(input.who!)], { observe: 'result' })] };
    case 'loadGame': {
      const filename = input.filename ?? DEFAULT_FILE;
      // Only the document's test calls loadGame() with its default: a filename made required costs that test alone.
      const args = filename === DEFAULT_FILE && test.id === 'loadGame.document' ? [] : [str(filename)];
      return { steps: [tools('files'), writeFile(filename, input.fileText ?? null), call(['loadGame'], args, { observe: 'result' })] };
    }
    case 'saveGame': {
      const game = input.game!;
      if (test.check === 'round-trip') {
        // The document's version of one of the pair, when a failure is tried on it (plan.ts: the round trip's other readings).
        const { standIn } = input;
        return {
          steps: [
            ...(standIn
              ? [
                  {
                    request: { op: 'double', kind: 'manchester-document', names: [standIn] },
                    python: '',
                    only: 'document',
                    parts: [],
                  } as Step,
                ]
              : []),
            tools('files'),
            writeFile(ROUND_TRIP_FILE, null),
            call(['saveGame'], [gameArg(game), str(ROUND_TRIP_FILE)]),
            call(['loadGame'], [str(ROUND_TRIP_FILE)], { observe: 'result' }),
          ],
        };
      }
      const filename = input.filename ?? null;
      const args = filename === null ? [gameArg(game)] : [gameArg(game), str(filename)];
      const target = filename ?? DEFAULT_FILE;
      return {
        steps: [tools('files'), writeFile(target, null), call(['saveGame'], args, { observe: 'result' }), readFile(target, 'file')],
      };
    }
    default:
      throw new Error(`internal: no Manchester interaction for ${test.target} (case ${testCase.id})`);
  }
}

/** Every function's docstring, module docstring first. */
export const DOCSTRINGS_INTERACTION: Interaction = {
  steps: [
    tools('inspect'),
    { ...call(['GradeDocstrings'], [], { observe: 'docs' }), python: '[(f.__name__, f.__doc__) for f in (newGame, printBoard, …)]' },
  ],
};

export function manchesterProgram(testCase: FixtureCase): ProgramPlan {
  const input = playInput(testCase);
  const setup = Object.entries(input.files ?? {}).map(([name, text]) =>
    text === null
      ? `# (no file named ${name})`
      : `# ${name} holds:\n${text
          .trimEnd()
          .split('\n')
          .map((l) => `#   ${l}`)
          .join('\n')}`,
  );
  const typed = input.lines.map((l) => JSON.stringify(l)).join(', ');
  const end = input.mode === 'eof' ? ', then end of input (Ctrl-D)' : '';
  return {
    call: { call: 'play', args: [] },
    prompt: '',
    anyPrompt: true,
    answers: input.lines,
    ...(input.files && { files: input.files }),
    ...(input.collect && { collect: input.collect }),
    ...(input.mode === 'computer' && { fastPlayers: QUICK_COMPUTER }),
    reproduce: [...setup, `play()   # ${input.note}; type, one per question: ${typed || 'nothing'}${end}`].join('\n'),
  };
}

/**
 * The computer's games judge play() (each board one legal drop on, turns, the end announced), not how well it plays:
 * the computer's moves are the student's own suggestMove1 (tools.py), however slow their suggestMove2 is.
 */
const QUICK_COMPUTER = {
  replace: [{ kind: 'manchester-quick-computer', names: ['suggestMove2'] }],
  note: 'In these games the computer played your suggestMove1 wherever play() asked suggestMove2 for a move, to keep them quick: they judge play() itself, and suggestMove2 is judged by its own games.',
} as const;
