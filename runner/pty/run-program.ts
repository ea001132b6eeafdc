/**
 * Runs a program on a pseudo-terminal with a script of `expect prompt → send line` steps. Each wait has its own
 * limit and a timeout names the phase it happened in. Like execa, it returns one result shape whatever happened;
 * deciding pass or fail is the checks' job.
 */
import * as pty from 'node-pty';
import { CappedText, normalizeTerminalText } from './normalize.js';

/** The phase a timeout names when a program never asked its first question: it did not get going at all. */
export const FIRST_PROMPT_PHASE = 'waiting for the first prompt';

/** How long output may keep arriving after the exit when the end marker never comes (a killed program). */
const DRAIN_MS = 2_000;

/** The phase a prompt timer names: the first question, or the next one after the last line sent. */
export const promptPhase = (sent: number, answers: readonly string[]): string =>
  (sent === 0 ? FIRST_PROMPT_PHASE : `no prompt after sending ${JSON.stringify(answers[sent - 1])}`);

export const wholeProgramPhase = (sent: number, total: number): string => `the whole program (${sent} of ${total} lines sent)`;

export interface ProgramRun {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** The prompt to wait for before each answer (`Enter a column: `). */
  readonly prompt: string;
  readonly answers: readonly string[];
  /** Output before this marker (import-time noise) is not part of the transcript. */
  readonly startMarker: string;
  /** Printed last by the harness: once seen after the exit, every byte of output has arrived. */
  readonly endMarker?: string;
  readonly promptMs: number;
  readonly programMs: number;
  readonly maxChars: number;
}

export interface ProgramResult {
  /** Everything after the start marker, normalised; typed answers appear as the terminal echoed them. */
  readonly transcript: string;
  readonly exitCode: number | undefined;
  readonly signal: number | undefined;
  readonly timedOut?: { readonly phase: string; readonly limitMs: number };
  readonly truncated: boolean;
  /** The cap on the transcript that `truncated` refers to. */
  readonly maxChars: number;
  /** The program asked again after the script ran out; it was sent end-of-input. */
  readonly askedForMore: boolean;
  readonly answersSent: number;
  readonly durationMs: number;
  /** Files the test asked to read back after the run, null when missing. */
  readonly files?: Readonly<Record<string, string | null>>;
}

export function runProgram(run: ProgramRun): Promise<ProgramResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const terminal = pty.spawn(run.command, [...run.args], { name: 'xterm', cols: 200, rows: 50, cwd: run.cwd, env: { ...run.env } });
    const output = new CappedText(run.maxChars);
    let sent = 0;
    let askedForMore = false;
    let timedOut: ProgramResult['timedOut'];
    let finished = false;
    let promptTimer: NodeJS.Timeout | undefined;

    const kill = () => {
      try {
        process.kill(-terminal.pid, 'SIGKILL');
      } catch {
        try { terminal.kill('SIGKILL'); } catch { /* already gone */ }
      }
    };
    const totalTimer = setTimeout(() => {
      timedOut ??= { phase: wholeProgramPhase(sent, run.answers.length), limitMs: run.programMs };
      kill();
    }, run.programMs);
    const armPromptTimer = () => {
      clearTimeout(promptTimer);
      if (sent >= run.answers.length) return;
      const phase = promptPhase(sent, run.answers);
      promptTimer = setTimeout(() => {
        timedOut ??= { phase, limitMs: run.promptMs };
        kill();
      }, run.promptMs);
    };
    armPromptTimer();

    const transcript = () => {
      const text = normalizeTerminalText(output.value);
      const at = text.indexOf(run.startMarker);
      const after = at >= 0 ? text.slice(at + run.startMarker.length) : text;
      // What follows the end marker is the terminal's echo of the runner's answer to it, not the program's output.
      const end = run.endMarker ? after.indexOf(run.endMarker) : -1;
      return end >= 0 ? after.slice(0, end) : after;
    };
    const promptsSeen = () => {
      const text = transcript();
      let count = 0;
      for (let at = text.indexOf(run.prompt); at >= 0; at = text.indexOf(run.prompt, at + run.prompt.length)) count++;
      return count;
    };

    let acknowledged = false;
    let recent = '';
    terminal.onData((chunk) => {
      output.append(chunk);
      if (run.endMarker && !acknowledged) {
        // The harness waits for this newline before it exits, so nothing it printed is lost (grade_harness/program.py, end_program).
        recent = (recent + chunk).slice(-(run.endMarker.length + chunk.length));
        if (recent.includes(run.endMarker)) {
          acknowledged = true;
          terminal.write('\r');
        }
      }
      if (output.truncated) {
        kill();
        return;
      }
      const seen = promptsSeen();
      while (seen > sent && sent < run.answers.length) {
        terminal.write(`${run.answers[sent]}\r`);
        sent++;
        armPromptTimer();
      }
      if (seen > run.answers.length && !askedForMore) {
        askedForMore = true;
        terminal.write('\x04');
      }
    });
    terminal.onExit(({ exitCode, signal }) => {
      // node-pty can deliver the last output after the exit event (megabytes of it, from a chatty program): wait
      // for the harness's end marker, or, when the program never printed one (killed), a short moment.
      const exitedAt = performance.now();
      const drained = () => !run.endMarker || output.truncated || timedOut !== undefined || output.value.includes(run.endMarker) || performance.now() - exitedAt > DRAIN_MS;
      const settle = () => (drained() ? finish() : setTimeout(settle, 10));
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(totalTimer);
        clearTimeout(promptTimer);
        resolve({
          transcript: transcript(),
          exitCode: timedOut ? undefined : exitCode,
          signal: signal || undefined,
          ...(timedOut && { timedOut }),
          truncated: output.truncated,
          maxChars: run.maxChars,
          askedForMore,
          answersSent: sent,
          durationMs: performance.now() - started,
        });
      };
      setTimeout(settle, run.endMarker ? 0 : 30);
    });
  });
}
