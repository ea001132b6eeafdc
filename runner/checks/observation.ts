/**
 * What the runner saw while running one case, in the shape the checks read: the replies of the observed steps,
 * and the step that stopped the case, if one did.
 */
import type { FormerName, ObservedValue, StudentException } from '../harness/protocol.js';

export interface ObservedReply {
  readonly value: ObservedValue;
  readonly stdout: string;
  readonly stdoutDropped?: number;
  readonly prompts: readonly string[];
  readonly inputsLeft: number;
  readonly durationMs: number;
}

export type StepFailure =
  | {
      readonly kind: 'exception';
      readonly step: string;
      readonly observe?: string;
      readonly exception: StudentException;
      readonly stdout: string;
    }
  | { readonly kind: 'timeout'; readonly step: string; readonly limitMs: number }
  /** outOfMemory: the process died of a MemoryError, which takes seconds of filling its memory. */
  | { readonly kind: 'crashed'; readonly step: string; readonly detail: string; readonly outOfMemory?: boolean }
  | { readonly kind: 'internal'; readonly step: string; readonly detail: string };

export interface CaseObservation {
  readonly replies: Readonly<Record<string, ObservedReply>>;
  readonly failure?: StepFailure;
}

export function formatException(exception: StudentException): string {
  const where = exception.frames.at(-1);
  const place = where ? ` (${where.file}, line ${where.line}, in ${where.function}${where.code ? `: ${where.code.trim()}` : ''})` : '';
  return `${exception.type}${exception.message ? `: ${exception.message}` : ''}${place}`;
}

/** The reply a check reads under `key`; its absence is the grader's bug (the plan and the check disagree). */
export function replyFor(observation: CaseObservation, key: string, caseId: string): ObservedReply {
  const found = observation.replies[key];
  if (!found) throw new Error(`internal: no observation '${key}' for ${caseId}`);
  return found;
}

/** How a module's first import went: what the import test judges. */
export type ImportOutcome =
  | {
      readonly kind: 'ok';
      readonly stdout: string;
      readonly prompts: readonly string[];
      readonly durationMs: number;
      readonly formerNames?: readonly FormerName[];
    }
  | {
      readonly kind: 'exception';
      readonly exception: StudentException;
      readonly stdout: string;
      readonly prompts: readonly string[];
      readonly formerNames?: readonly FormerName[];
    }
  | { readonly kind: 'timeout'; readonly limitMs: number }
  | { readonly kind: 'crashed'; readonly detail: string };
