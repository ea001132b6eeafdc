/**
 * A harness that only imports the submission's modules, then runs each whole program (a game, a REPL) in a child
 * forked from itself: no fresh Python and no terminal per run, and every run starts from the modules as imported.
 * The result has the shape of a terminal run (runner/pty/run-program.ts), so the checks cannot tell them apart;
 * the grader still runs one program of each kind on a real pseudo-terminal (runner/grade/grade-submission.ts).
 */
import { normalizeTerminalText } from '../pty/normalize.js';
import { askedAfterEndPhase, promptPhase, wholeProgramPhase, type ProgramResult } from '../pty/run-program.js';
import { importWallMs } from '../model/limits.js';
import type { ProgramReply, ProgramRequest } from './protocol.js';
import { HarnessSession, type SessionContext } from './session.js';

export interface ProgramModule {
  readonly module: string;
  readonly file: string;
  readonly skip?: boolean;
  readonly cpuMs?: number;
  readonly stopAt?: number;
}

/** Time for the harness to notice a deadline and answer, beyond the program's own limit. */
const REPLY_MARGIN_MS = 5_000;

export class ProgramServer {
  private constructor(private readonly session: HarnessSession) {}

  /** A server with every module imported, or undefined when it could not get there (the terminal is used then). */
  static async start(context: SessionContext, modules: readonly ProgramModule[]): Promise<ProgramServer | undefined> {
    const started = await HarnessSession.start(context);
    if ('error' in started) return undefined;
    for (const entry of modules) {
      const outcome = await started.session.send(
        {
          op: 'import',
          module: entry.module,
          file: entry.file,
          ...(entry.skip && { skip: true }),
          cpuMs: entry.cpuMs ?? context.limits.importMs,
          ...(entry.stopAt !== undefined && { stopAt: entry.stopAt }),
        },
        importWallMs(context.limits),
      );
      // An exception at import is the student's, and the import test reports it; a hang or a crash ends the server.
      if (outcome.kind !== 'reply' || 'internal' in outcome.reply) {
        await started.session.close();
        return undefined;
      }
    }
    return new ProgramServer(started.session);
  }

  get isAlive(): boolean {
    return this.session.isAlive;
  }

  /** One program's run, or undefined when the server itself failed (the caller runs it on the terminal instead). */
  async run(request: ProgramRequest): Promise<ProgramResult | undefined> {
    const outcome = await this.session.send({ op: 'program', program: request }, request.programMs + REPLY_MARGIN_MS);
    if (outcome.kind !== 'reply' || !('program' in outcome.reply)) return undefined;
    return programResult((outcome.reply as unknown as { program: ProgramReply }).program, request);
  }

  close(): Promise<void> {
    return this.session.close();
  }
}

/** A forked run as a terminal run reports it: the same transcript, phases and counts. */
export function programResult(reply: ProgramReply, request: ProgramRequest): ProgramResult {
  const total = request.answers.length;
  const timedOut =
    reply.timedOut &&
    (reply.timedOut.kind === 'total'
      ? { phase: wholeProgramPhase(reply.timedOut.sent, total), limitMs: request.programMs }
      : reply.timedOut.kind === 'ended'
        ? { phase: askedAfterEndPhase(total), limitMs: request.programMs }
        : { phase: promptPhase(reply.timedOut.sent, request.answers), limitMs: request.promptMs });
  return {
    transcript: normalizeTerminalText(reply.output),
    exitCode: timedOut ? undefined : reply.exitCode,
    signal: reply.signal,
    ...(timedOut && { timedOut }),
    truncated: reply.truncated,
    maxChars: request.maxChars,
    askedForMore: reply.asks > total,
    answersSent: Math.min(reply.asks, total),
    durationMs: reply.durationMs,
  };
}
