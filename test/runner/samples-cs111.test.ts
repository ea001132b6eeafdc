/**
 * The CS111 sample submissions graded end to end by the real CLI, in a child process as an instructor runs it.
 * Every sample's verdicts are pinned: correct ones get full marks; a one-bug sample loses the tests of the buggy
 * function, plus the whole-game tests wherever the bug changes what the game prints; hostile ones get their
 * timeout / error / fail verdicts and everything else still passes.
 */
import { execa } from 'execa';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../runner/fixtures/shared-documents.js';
import type { RunResults, TestStatus } from '../../runner/grade/results.js';
import { loadSpec } from '../../runner/spec/load-spec.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9');
const CORRECT = ['correct-classic', 'correct-compact', 'correct-split'];

const statusOf = (status: TestStatus) => (...ids: string[]): Record<string, TestStatus> => Object.fromEntries(ids.map((id) => [id, status]));
const fail = statusOf('fail');
const error = statusOf('error');
const timeout = statusOf('timeout');

/** Every test that does not pass, with its status; all the others must pass. */
const EXPECTED: Record<string, Record<string, TestStatus>> = {
  'add-checker-top-row': { ...fail('board.add_checker', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'ai-next-move-no-count': { ...fail('aiplayer.next_move.counts-moves', 'connect_four.ai-games') },
  'ai-repr-no-space': { ...fail('aiplayer.repr', 'connect_four.ai-games') },
  'can-add-to-index-error': { ...fail('board.can_add_to'), ...error('connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'correct-classic': {},
  'correct-compact': {},
  'correct-split': {},
  'empty-reading-response': { ...fail('reading.ps9pr0.present') },
  'horizontal-off-by-one': { ...fail('board.is_win_for.horizontal', 'board.is_win_for.random', 'process_move.terminal', 'connect_four.ai-games') },
  'hostile-exit-at-import': { ...error('import.ps9pr2') },
  'hostile-infinite-loop': { ...timeout('board.is_win_for.document', 'board.is_win_for.horizontal', 'board.is_win_for.vertical', 'board.is_win_for.down-diagonal', 'board.is_win_for.up-diagonal', 'board.is_win_for.random', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'hostile-input-at-import': { ...fail('import.ps9pr3') },
  'hostile-kills-interpreter': { ...error('board.remove_checker', 'connect_four.ai-games') },
  'hostile-loop-at-import': { ...timeout('import.ps9pr4'), ...error('aiplayer.repr', 'aiplayer.max_score_column.left-right', 'aiplayer.max_score_column.random', 'aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.restores-board', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'aiplayer.next_move.counts-moves', 'connect_four.ai-games') },
  'hostile-megabytes': { ...fail('process_move.messages'), ...error('process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'hostile-memory-hog': { ...error('board.is_full', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'hostile-missing-file': { ...fail('import.ps9pr2'), ...error('player.init', 'player.repr', 'player.opponent_checker', 'player.next_move.column', 'player.next_move.prompts', 'player.next_move.counts-moves', 'process_move.result', 'process_move.messages', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'random_player.inherits', 'random_player.next_move.document', 'random_player.next_move.uniform', 'random_player.next_move.counts-moves', 'aiplayer.repr', 'aiplayer.max_score_column.left-right', 'aiplayer.max_score_column.random', 'aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.restores-board', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'aiplayer.next_move.counts-moves', 'connect_four.ai-games', 'import.ps9pr3', 'import.ps9pr4') },
  'hostile-prints-at-import': { ...fail('import.ps9pr1') },
  'hostile-reads-fixtures': { ...fail('board.is_win_for.document', 'board.is_win_for.horizontal', 'board.is_win_for.vertical', 'board.is_win_for.down-diagonal', 'board.is_win_for.up-diagonal', 'board.is_win_for.random', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'hostile-syntax-error': { ...error('import.ps9pr4', 'aiplayer.repr', 'aiplayer.max_score_column.left-right', 'aiplayer.max_score_column.random', 'aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.restores-board', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'aiplayer.next_move.counts-moves', 'connect_four.ai-games') },
  'init-aliased-rows': { ...fail('board.init.attributes', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'is-full-returns-none': { ...fail('board.is_full') },
  'max-score-random-any-column': { ...fail('aiplayer.max_score_column.random', 'aiplayer.next_move.document', 'aiplayer.next_move.generated') },
  'max-score-right-is-left': { ...fail('aiplayer.max_score_column.left-right', 'aiplayer.next_move.document', 'aiplayer.next_move.generated') },
  'next-move-ignores-full-columns': { ...fail('player.next_move.column', 'player.next_move.prompts', 'connect_four.human-games', 'connect_four.human-transcript') },
  'next-move-no-count': { ...fail('player.next_move.counts-moves', 'process_move.messages', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'next-move-no-try-again': { ...fail('player.next_move.prompts', 'connect_four.human-transcript') },
  'no-down-diagonal': { ...fail('board.is_win_for.down-diagonal', 'board.is_win_for.random', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'no-vertical': { ...fail('board.is_win_for.document', 'board.is_win_for.vertical', 'board.is_win_for.random', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
  'opponent-checker-zero': { ...fail('player.opponent_checker', 'aiplayer.scores_for.document'), ...error('aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.restores-board', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'aiplayer.next_move.counts-moves', 'connect_four.ai-games') },
  'player-init-moves-one': { ...fail('player.init', 'player.next_move.counts-moves', 'process_move.messages', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'random_player.next_move.counts-moves', 'aiplayer.next_move.counts-moves', 'connect_four.ai-games') },
  'player-repr-lowercase': { ...fail('player.repr', 'process_move.messages', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'random_player.inherits', 'connect_four.ai-games') },
  'process-move-returns-none': { ...fail('process_move.result') },
  'random-player-any-column': { ...fail('random_player.next_move.document', 'random_player.next_move.uniform') },
  'random-player-first-column': { ...fail('random_player.next_move.uniform') },
  'random-player-no-count': { ...fail('random_player.next_move.counts-moves') },
  'random-player-own-repr': { ...fail('random_player.inherits') },
  'remove-checker-bottom': { ...fail('board.remove_checker', 'connect_four.ai-games') },
  'repr-labels-not-modulo': { ...fail('board.repr.document', 'board.repr.generated') },
  'repr-short-dashes': { ...fail('board.repr.document', 'board.repr.generated') },
  'reset-aliased-rows': { ...fail('board.reset.independent-rows') },
  'reset-does-nothing': { ...fail('board.reset', 'board.reset.independent-rows') },
  'scores-as-floats': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4') },
  'scores-for-ignores-threats': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'connect_four.ai-games') },
  'scores-for-no-restore': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.restores-board', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'connect_four.ai-games') },
  'tie-message-typo': { ...fail('process_move.messages', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript') },
  'up-diagonal-wraps': { ...error('board.is_win_for.random') },
};

let results: RunResults;
let stderr: string;
let out: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'cs111-samples-'));
  const run = await execa(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'runner', 'cli.ts'), SAMPLES, '--out', out, '--jobs', '2'], {
    cwd: PROJECT_ROOT, env: { CI: 'true' }, reject: false,
  });
  stderr = String(run.stderr);
  expect(run.exitCode, stderr).toBe(0);
  results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
}, 900_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the CS111 sample submissions', () => {
  it('are all graded, each with a pinned set of verdicts', () => {
    const folders = readdirSync(SAMPLES).sort();
    expect(results.submissions.map((s) => s.id).sort()).toEqual(folders);
    expect(Object.keys(EXPECTED).sort()).toEqual(folders);
    expect(stderr).toMatch(new RegExp(`^\\[${folders.length}/${folders.length}\\] `, 'm'));
  });

  it.each(Object.keys(EXPECTED))('%s gets exactly its expected verdicts', (id) => {
    const submission = results.submissions.find((s) => s.id === id)!;
    expect(submission.status).toBe('graded');
    const notPassing = Object.fromEntries(submission.tests.filter((t) => t.status !== 'pass').map((t) => [t.id, t.status]));
    expect(notPassing, submission.tests.filter((t) => t.status !== 'pass').map((t) => `${t.id}: ${t.message}`).join('\n\n')).toEqual(EXPECTED[id]);
    expect(submission.score).toBe(submission.tests.filter((t) => t.status === 'pass').reduce((n, t) => n + t.maxScore, 0));
  });

  it('gives the correct submissions, written in three styles, full marks', () => {
    for (const id of CORRECT) expect(results.submissions.find((s) => s.id === id)).toMatchObject({ score: 96, maxScore: 96 });
  });

  it('has a note naming the bug beside every other sample', () => {
    for (const id of Object.keys(EXPECTED).filter((k) => !CORRECT.includes(k))) expect(existsSync(join(SAMPLES, id, 'BUG.md')), id).toBe(true);
  });

  it('has, for every test of the spec, a sample it passes and a sample it fails', () => {
    for (const test of loadSpec(PROJECT_ROOT, 'cs111-ps9').tests) {
      const statuses = results.submissions.map((s) => s.tests.find((t) => t.id === test.id)!.status);
      expect(statuses, test.id).toContain('pass');
      expect(statuses.some((s) => s === 'fail' || s === 'error'), test.id).toBe(true);
    }
  });

  it('explains every failure: what was called, both sides, and a reproduce snippet', () => {
    for (const submission of results.submissions) {
      for (const test of submission.tests.filter((t) => t.status === 'fail' && t.target !== 'import' && !t.target.endsWith('.txt'))) {
        expect(test.message.length, `${submission.id} ${test.id}`).toBeGreaterThan(20);
        expect(test.reproduce, `${submission.id} ${test.id}`).toBeTruthy();
      }
    }
  });

  it('never shows a submission what the grader expected through its own process', () => {
    const snooper = results.submissions.find((s) => s.id === 'hostile-reads-fixtures')!;
    expect(snooper.tests.filter((t) => t.target === 'Board.is_win_for').every((t) => t.status === 'fail' && !t.message.includes('found expected values'))).toBe(true);
  });
});
