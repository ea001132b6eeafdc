/**
 * Messages say what happened, composed from the facts the run recorded: the snippet's own answer where the grader used
 * the document's parts, and where a missing class is written when no file the grader read defines it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notRunVerdict } from '../../../runner/grade/finish.js';
import type { UnitRecord } from '../../../runner/grade/ledger.js';
import { ownAnswerLine, rerunWaitMs } from '../../../runner/grade/own-answer.js';
import { DEFAULT_LIMITS } from '../../../runner/model/limits.js';
import { submissionFacts } from '../../../runner/grade/submission-facts.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();
const own = (extra: Partial<UnitRecord>): UnitRecord => ({ id: 'c#snippet', reproduce: '', raw: { status: 'fail', message: 'x' }, verdict: { status: 'fail', message: 'x' }, studentMs: 0, ...extra });

describe('the snippet under a failure made with the document\'s parts', () => {
  const shown = { status: 'fail' as const, message: 'p.scores_for(b) returned [0, 50]; expected [50, 50]', actual: '[0, 50]' };
  it('says the case ran with the document\'s parts, and what the snippet gives on the student\'s own', () => {
    expect(ownAnswerLine(['Board'], shown, own({ raw: { status: 'fail', message: 'm', actual: '[100, 50]' } }))).toBe("This case ran with the document's Board, so a mistake in yours costs only their own tests; the snippet below runs with your own Board, and there it gives [100, 50].");
    expect(ownAnswerLine(['Board'], shown, own({ raw: { status: 'fail', message: 'm', actual: '[0, 50]' } }))).toMatch(/there it gives the same answer\.$/u);
    expect(ownAnswerLine(['Board', 'AIPlayer.max_score_column'], shown, own({ raw: { status: 'pass', message: 'ok' } }))).toMatch(/document's Board and AIPlayer\.max_score_column, .* there it gives the expected answer\.$/u);
    expect(ownAnswerLine(['Board'], shown, own({ failure: { kind: 'exception', step: 's', stdout: '', exception: { type: 'IndexError', message: 'list index out of range', frames: [] } } }))).toMatch(/there it raises IndexError: list index out of range\.$/u);
  });

  it('waits a short while after a timeout, and says the snippet does not finish there either', () => {
    const limits = { ...DEFAULT_LIMITS, callMs: 60_000 };
    const timedOut = own({ failure: { kind: 'timeout', step: 's', limitMs: 60_000 } });
    expect(rerunWaitMs(timedOut, limits)).toBe(2_000);
    expect(rerunWaitMs(own({}), limits)).toBe(60_000);
    const hung = { status: 'timeout' as const, message: 'p.scores_for(b) did not finish within 60000 ms' };
    expect(ownAnswerLine(['Board'], hung, own({ failure: { kind: 'timeout', step: 's', limitMs: 2_000 } }))).toMatch(/there it does not finish within 2000 ms either\.$/u);
  });
});

describe('a class no file the grader read defines', () => {
  it('is said to be in the file that does define it, with what would have made that file its role\'s', () => {
    const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    const dir = temp('unread-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'players.py'), 'def process_move(p, b):\n    pass\n\nclass RandomPlayer:\n    pass\n');
    const facts = submissionFacts({ located: [], skipped: new Map(), unclaimed: ['players.py'], workspaceDir: dir, imports: new Map() }, {}, spec.files);
    const unread = facts.unreadDefinition('RandomPlayer');
    expect(unread).toEqual({ file: 'players.py', role: 'ps9pr3.py', decidedBy: 'connect_four' });
    const test = spec.tests.find((t) => t.id === 'random_player.next_move.document')!;
    expect(notRunVerdict(test, { kind: 'blocked', missing: [{ name: 'RandomPlayer', unread: unread! }], blockers: [{ file: 'ps9pr3.py', why: 'missing' }] }).message).toBe("RandomPlayer is defined in players.py, which is not read as one of the assignment's files: a file is taken for ps9pr3.py by that name, or by defining connect_four, and players.py is neither (the submission has no ps9pr3.py)");
  });

  it("leaves to the grader, in the kit, a test that would run on the student's own part whose own test never ended", () => {
    const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    const test = spec.tests.find((t) => t.id === 'aiplayer.scores_for.document')!;
    expect(notRunVerdict(test, { kind: 'own-part-hung', part: 'Board', test: 'board.is_win_for.document' })).toEqual({
      status: 'skipped', decidedLater: true, failed: 0, ran: 0,
      message: "Decided after you submit: here it would run on your own Board, which never ended in board.is_win_for.document (fix that first); the grader runs it with the document's Board, so it was not run here.",
    });
  });
});
