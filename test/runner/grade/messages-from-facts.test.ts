/** Messages say what happened, composed from the facts the run recorded: where a missing class is written when no file the grader read defines it. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notRunVerdict } from '../../../runner/grade/finish.js';
import { submissionFacts } from '../../../runner/grade/submission-facts.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

describe('a class no file the grader read defines', () => {
  it("is said to be in the file that does define it, with what would have made that file its role's", () => {
    const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    const dir = temp('unread-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'players.py'), 'def process_move(p, b):\n    pass\n\nclass RandomPlayer:\n    pass\n');
    const facts = submissionFacts(
      { located: [], skipped: new Map(), unclaimed: ['players.py'], workspaceDir: dir, imports: new Map() },
      {},
      spec.files,
    );
    const unread = facts.unreadDefinition('RandomPlayer');
    expect(unread).toEqual({ file: 'players.py', role: 'ps9pr3.py', decidedBy: 'connect_four' });
    const test = spec.tests.find((t) => t.id === 'random_player.next_move.document')!;
    expect(
      notRunVerdict(test, {
        kind: 'blocked',
        missing: [{ name: 'RandomPlayer', unread: unread! }],
        blockers: [{ file: 'ps9pr3.py', why: 'missing' }],
      }).said[0]!.text,
    ).toBe(
      "RandomPlayer is defined in players.py, which is not read as one of the assignment's files: a file is taken for ps9pr3.py by that name, or by defining connect_four, and players.py is neither (the submission has no ps9pr3.py)",
    );
  });
});
