/**
 * The verdict on a REPL session. The grader's stand-in for the AI's search reports every state it is handed, so
 * whether a move was applied (and how, flips included) is read from those states, not from the REPL's own
 * display, whose format the document leaves open. What the REPL prints is checked only where the document says
 * what it is for: `h` lists the commands, `d` shows something, a refused or unknown command gets an answer.
 */
import type { FixtureCase } from '../../model/fixture-types.js';
import { replInput } from './inputs.js';
import type { ProgramResult } from '../../pty/run-program.js';
import { ASK_MARKER, STATE_MARKER } from '../../checks/program-markers.js';
import { TRACEBACK } from '../../checks/programs.js';
import { pyToPlain } from '../../checks/values.js';
import { fail, pass, type CaseVerdict } from '../../checks/verdict.js';
import { caseText } from '../../plan/case-texts.js';

const NO_MAIN = '[grade] no file starts a program';

interface HandedState {
  board: boolean[][];
  player1Turn: boolean;
  flipsRem: number[];
  flippable: boolean;
  /** The student's own isWin of this state and of the AI's answer to it, [AI, opponent] (null: it raised). */
  studentWins?: [boolean, boolean] | null;
  studentWinsAfter?: [boolean, boolean] | null;
}
interface Expected {
  handed: { after: string; state: HandedState }[];
  effects: string[];
  ended?: 'human' | 'ai';
}

/** The states reported between markers, and the transcript without them. */
export function handedStates(transcript: string): { states: HandedState[]; text: string } {
  const parts = transcript.split(STATE_MARKER);
  const states: HandedState[] = [];
  let text = '';
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      text += part;
      return;
    }
    try {
      states.push(JSON.parse(part) as HandedState);
    } catch {
      // Output the program wrote from another thread in the middle of a report: the state is left out, and the
      // comparison with the script says which move went missing.
    }
  });
  return { states, text };
}

/** Columns drawn top row first: X the AI's checkers (True), O the human's. */
function drawState(s: HandedState): string {
  const rows: string[] = [];
  for (let r = 5; r >= 0; r--) rows.push('|' + s.board.map((col) => (col[r] === undefined ? ' ' : col[r] ? 'X' : 'O')).join('|') + '|');
  return `${rows.join('\n')}\n 1 2 3 4 5 6 7   (X: AI, O: you) flipsRem=(${s.flipsRem.join(', ')}) flippable=${s.flippable ? 'True' : 'False'}`;
}

const sameState = (a: HandedState, b: HandedState) =>
  JSON.stringify([a.board, a.player1Turn, a.flipsRem, a.flippable]) === JSON.stringify([b.board, b.player1Turn, b.flipsRem, b.flippable]);

/** The commands h must list, each as the case words it (a course's pack may reword them) and what it is for. */
const COMMANDS = [
  ['quit', 'q'],
  ['help', 'h'],
  ['display', 'd'],
  ['undo', 'u'],
] as const;

function helpWords(testCase: FixtureCase): [string, RegExp][] {
  return COMMANDS.map(([word, letter]) => {
    const command = caseText(testCase, word, letter);
    const escaped = command.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
    // The document's letter may be spelt out (q or quit); a course's own word is looked for as it is.
    const pattern = command === letter ? `\\b${letter}(${word.slice(1)})?\\b` : `(^|[^\\w])${escaped}($|[^\\w])`;
    return [`${command} (${word})`, new RegExp(pattern, 'iu')];
  });
}

export function checkRepl(testCase: FixtureCase, result: ProgramResult): CaseVerdict {
  const input = replInput(testCase);
  if (!('value' in testCase.expected) || !testCase.expected.value) throw new Error(`internal: ${testCase.id} has no expectation`);
  const want = pyToPlain(testCase.expected.value) as Expected;
  const answers = [...input.setup, ...input.lines];
  const { states, text } = handedStates(result.transcript);
  const segments = text.split(ASK_MARKER);
  const shown = text.replaceAll(ASK_MARKER, '');
  const tail = shown.trimEnd().split('\n').slice(-15).join('\n');
  // What the program printed in answer to answers[i]: after its echo, up to the next question.
  const replyTo = (i: number) => (segments[i + 1] ?? '').split('\n').slice(1).join('\n').trim();
  const typed = (n: number) =>
    n === 0
      ? 'before anything was typed'
      : `after ${JSON.stringify(answers[n - 1])} (line ${n}: ${answers
          .slice(0, n)
          .map((a) => JSON.stringify(a))
          .join(', ')})`;

  if (shown.includes(NO_MAIN))
    return {
      status: 'error',
      message: "no file starts the REPL: none has if __name__ == '__main__':, so there is nothing to run as a program",
    };
  const crash = shown.indexOf(TRACEBACK);
  if (crash >= 0) {
    const lines = shown.slice(crash).trimEnd().split('\n');
    return { status: 'error', message: `the REPL crashed ${typed(result.answersSent)}: ${lines.at(-1)}\n${lines.slice(-6).join('\n')}` };
  }
  if (result.timedOut)
    return {
      status: 'timeout',
      message: `${result.timedOut.phase}: nothing within ${result.timedOut.limitMs} ms (${input.note}). The end of the transcript:\n${tail}`,
    };
  if (result.truncated) return { status: 'error', message: `the REPL printed more than ${result.maxChars} characters and was stopped` };
  if (segments.length - 1 < input.setup.length + 1 && result.answersSent < answers.length) {
    return fail(
      `the REPL asked ${segments.length - 1} question${segments.length === 2 ? '' : 's'} and ended; the document has three set-up questions (who plays first, a random opponent or not, how many games), then commands`,
      undefined,
      tail,
    );
  }
  const over =
    want.ended === undefined
      ? undefined
      : `${want.ended === 'human' ? 'your' : "the AI's"} four after ${JSON.stringify(answers.at(-1))} ended the game, the only one the set-up asked for`;
  // A game that went on because the student's own isWin does not see the four is isWin's mistake, charged by its
  // tests: not charged again here.
  const unseen =
    want.ended === 'human'
      ? states[want.handed.length]?.studentWins
      : want.ended === 'ai'
        ? states[want.handed.length - 1]?.studentWinsAfter
        : undefined;
  if (over && (result.askedForMore || states.length > want.handed.length) && unseen && !unseen[want.ended === 'ai' ? 0 : 1]) {
    return pass(`the game went on after the four, as your isWin does not see it (its own tests grade that)`);
  }
  if (over && result.askedForMore) return fail(`${over}, but the REPL went on and asked for more input (${input.note})`, undefined, tail);
  if (result.askedForMore)
    return fail(
      `the REPL asked for more input after ${JSON.stringify(answers.at(-1))}: q should end it (the script: ${answers.map((a) => JSON.stringify(a)).join(', ')}; the set-up: ${input.setup[0]} for the AI ${input.setup[0] === '1' ? 'first' : 'second'}, ${input.setup[1]} for ${input.setup[1] === 'Yes' ? 'a' : 'no'} random agent, ${input.setup[2]} game${input.setup[2] === '1' ? '' : 's'}; "q(uit) - Closes the program early")`,
      undefined,
      tail,
    );

  // The moves: each state the AI was handed, against the reference's.
  for (const [i, expected] of want.handed.entries()) {
    const got = states[i];
    if (!got) {
      return fail(
        `after ${JSON.stringify(expected.after)} the AI was never asked to move${i === 0 ? ' (was the move applied, and does the AI call alpha_beta_search?)' : ''}: ${input.note}\nExpected the AI to get:\n${drawState(expected.state)}`,
        drawState(expected.state),
        tail,
      );
    }
    if (!sameState(got, expected.state)) {
      return fail(
        `after ${JSON.stringify(expected.after)} the AI was handed a different state (${input.note})\nexpected:\n${drawState(expected.state)}\nyours:\n${drawState(got)}`,
        drawState(expected.state),
        drawState(got),
      );
    }
  }
  if (states.length > want.handed.length && over)
    return fail(
      `${over}, but the AI was asked to move again (${input.note})\nthe state it was handed:\n${drawState(states[want.handed.length]!)}`,
      undefined,
      tail,
    );
  if (states.length > want.handed.length) {
    return fail(
      `the AI was asked to move ${states.length} times, expected ${want.handed.length}: a move the rules refuse was applied (${input.note})\nthe extra state:\n${drawState(states[want.handed.length]!)}`,
      undefined,
      tail,
    );
  }

  // What the document says the commands are for.
  for (const [j, effect] of want.effects.entries()) {
    const i = input.setup.length + j;
    const reply = replyTo(i);
    if (effect === 'help') {
      const missing = helpWords(testCase)
        .filter(([, re]) => !re.test(reply))
        .map(([name]) => name);
      if (missing.length > 0)
        return fail(
          `h should list the commands; its answer does not mention ${missing.join(', ')}: ${JSON.stringify(reply.slice(0, 300))}`,
          `${COMMANDS.map(([word, letter]) => caseText(testCase, word, letter)).join(', ')} and (f)1-7(f)`,
          reply,
        );
    }
    if (effect === 'display' && reply === '') return fail('d should show the state of the game; it printed nothing', 'the state', '');
    if ((effect.startsWith('refused') || effect === 'not-a-command') && reply === '' && answers[i]!.trim() !== '') {
      return fail(
        `${JSON.stringify(answers[i])} is not a move the rules allow (${effect.replace('refused:', '')}); the REPL should say so, but printed nothing`,
        'a message',
        '',
      );
    }
  }
  return pass();
}
