/** Hand-written ledgers for the rules' tests: tests, cases and unit records with only what a rule reads. */
import type { AssignmentPlan } from '../../../../runner/plan/assignment.js';
import type { StepFailure } from '../../../../runner/checks/observation.js';
import type { CaseVerdict } from '../../../../runner/checks/verdict.js';
import type { FixtureCase } from '../../../../runner/model/fixture-types.js';
import type { Runs } from '../../../../runner/grade/policies/policy.js';
import type { TestRecord, UnitRecord } from '../../../../runner/grade/ledger.js';
import type { ProgramResult } from '../../../../runner/pty/run-program.js';
import { DEFAULT_LIMITS } from '../../../../runner/model/limits.js';
import type { ResolvedTest } from '../../../../runner/model/spec-types.js';

export const fixtureCase = (id: string, kind: 'document' | 'generated' = 'generated'): FixtureCase =>
  ({
    id,
    source: kind === 'document' ? { kind: 'document', where: 'example' } : { kind: 'generated', seed: 1 },
    input: {},
    python: '',
    expected: { value: { type: 'bool', value: true } },
  }) as FixtureCase;

export function test(id: string, extra: Partial<ResolvedTest> = {}): ResolvedTest {
  return {
    id,
    name: id,
    target: 'f',
    kind: 'cases',
    points: 1,
    visibility: 'hidden',
    group: 'g',
    groupId: 'g',
    limits: DEFAULT_LIMITS,
    fixtureCases: [fixtureCase(`${id}.c1`)],
    check: 'value',
    ...extra,
  };
}

export const pass: CaseVerdict = { status: 'pass', message: 'ok' };
export const wrong = (message = 'returned 1; expected 2'): CaseVerdict => ({ status: 'fail', message });
export const crash = (type = 'IndexError', fact?: string): StepFailure => ({
  kind: 'exception',
  step: 'f(1)',
  exception: { type, message: 'boom', frames: [{ file: 'a.py', line: 3, function: 'f', code: 'x[9]' }], ...(fact && { fact }) },
  stdout: '',
});
export const hang: StepFailure = { kind: 'timeout', step: 'f(1)', limitMs: 5000 };

export function unit(id: string, raw: CaseVerdict, extra: Partial<UnitRecord> = {}): UnitRecord {
  return { id, reproduce: `f(${id})`, raw, verdict: raw, studentMs: 0, ...extra };
}

export function record(t: ResolvedTest, units: readonly UnitRecord[], extra: Partial<TestRecord> = {}): TestRecord {
  return { test: t, units, of: units.length, durationMs: 0, studentMs: 0, ...extra };
}

/** A program session that ended the way `transcript` says. */
export function session(id: string, raw: CaseVerdict, transcript: string, answers: readonly string[] = ['1'], answersSent = 1): UnitRecord {
  const program: ProgramResult = {
    transcript,
    exitCode: raw.status === 'pass' ? 0 : 1,
    signal: undefined,
    truncated: false,
    maxChars: 1000,
    askedForMore: false,
    answersSent,
    durationMs: 1,
  };
  return unit(id, raw, { program, typed: answers, testCase: fixtureCase(id) });
}

/** A plan that answers only what a test names; the rest throws, so a rule that reads more than it says shows. */
export function plan(extra: Partial<AssignmentPlan> = {}): AssignmentPlan {
  const none = (what: string) => () => {
    throw new Error(`the plan's ${what} was not expected here`);
  };
  return {
    interaction: none('interaction'),
    property: none('property'),
    program: () => ({ call: null, prompt: '', answers: [], reproduce: '' }),
    check: none('check'),
    checkProgram: none('checkProgram'),
    neededNames: () => [],
    ...extra,
  };
}

/** Runs that answer from a table (by key), and record what was asked. */
export function runs(
  answers: Readonly<Record<string, CaseVerdict>> = {},
  programs: readonly UnitRecord[] = [],
  rest: readonly UnitRecord[] = [],
): Runs & { asked: string[] } {
  const asked: string[] = [];
  const answer = (key: string) => {
    asked.push(key);
    const raw = answers[key] ?? wrong('not in the table');
    return unit(key, raw);
  };
  return {
    asked,
    harness: async (_t, key) => answer(key),
    reading: async (_t, key) => answer(key),
    rest: async (r, from) => {
      asked.push(`rest of ${r.test.id} from ${from}`);
      return { units: rest };
    },
    programs: async (t, options) => {
      asked.push(`programs ${t.id}${options.replace ? ' replaced' : ''}${options.fast ? '' : ' own players'}`);
      return programs;
    },
  };
}

import { createCharger, type Charged } from '../../../../runner/grade/charge.js';
import { textOf } from '../../../../runner/model/words.js';
import type { SubmissionFacts } from '../../../../runner/grade/submission-facts.js';
import type { Stub } from '../../../../runner/grade/submission-facts.js';

/** Submission facts with no files: a rule that reads the files reads nothing. */
export const noFiles = (stubs: Readonly<Record<string, Stub>> = {}): SubmissionFacts => ({
  located: [],
  skipped: new Map(),
  unclaimed: [],
  workspaceDir: '/nowhere',
  imports: new Map(),
  names: {},
  role: () => undefined,
  definingFile: () => undefined,
  unreadDefinition: () => undefined,
  stub: (name) => stubs[name],
  staleImports: () => [],
});

/** Charges the hand-written ledger's tests, each by id. */
export async function chargeLedger(
  records: readonly TestRecord[],
  options: { plan?: AssignmentPlan; runs?: Runs; facts?: SubmissionFacts; standIns?: 'document' | 'own' } = {},
): Promise<Record<string, Charged & { message: string }>> {
  const tests = records.map((r) => r.test);
  const spec = { tests } as unknown as Parameters<typeof createCharger>[0]['spec'];
  const charge = createCharger({
    spec,
    plan: options.plan ?? plan(),
    ledger: new Map(records.map((r) => [r.test.id, r])),
    facts: options.facts ?? noFiles(),
    standIns: options.standIns ?? 'document',
    firstFailure: false,
    runs: options.runs ?? runs(),
  });
  const out: Record<string, Charged & { message: string }> = {};
  // The text a report would show, beside the sentences it is written from.
  for (const r of records) {
    const charged = await charge(r.test.id);
    out[r.test.id] = { ...charged, message: textOf(charged.said) };
  }
  return out;
}
