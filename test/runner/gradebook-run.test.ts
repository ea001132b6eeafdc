/**
 * The gradebook as an instructor uploads it, through the CLI: a class of plain folders graded with Canvas's roster
 * export gets the roster's ids, per-problem columns that add up when asked for, and the students on one side only
 * listed; without a roster, the run says Canvas will match nobody, but only to a user who asked for the gradebook;
 * shards merged write the single run's gradebook.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { askedForGradebook } from '../../runner/cli/gradebook-flags.js';
import { cli } from '../helpers/cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
const temp = tempDirs();

let klass: string;
let roster: string;
beforeAll(() => {
  klass = temp('gradebook-class-');
  cpSync(join(SAMPLES, 'correct-plain'), join(klass, 'alovelace'), { recursive: true });
  cpSync(join(SAMPLES, 'create-row-spaces'), join(klass, 'babbage_charles'), { recursive: true, filter: (p) => !p.endsWith('BUG.md') });
  cpSync(join(SAMPLES, 'put-piece-top-row'), join(klass, 'zuse'), { recursive: true, filter: (p) => !p.endsWith('BUG.md') });
  roster = join(temp('gradebook-roster-'), 'roster.csv');
  writeFileSync(
    roster,
    'Student,ID,SIS User ID,SIS Login ID,Section,HW4 (700)\n    Points Possible,,,,,40\n"Lovelace, Ada",9001,3031001,alovelace@uni.edu,Lab A,\n"Babbage, Charles",9002,3031002,cbabbage@uni.edu,Lab B,\n"Turing, Alan",9006,,aturing@uni.edu,Lab A,\n',
  );
});

describe('the gradebook of a class of folders', () => {
  it('takes its ids from the roster, adds up per problem when asked, and is the same after a merge of shards', async () => {
    const out = temp('gradebook-out-');
    const graded = await cli(
      klass,
      '--assignment',
      'cs61a-hw04',
      '--out',
      out,
      '--format',
      'json,csv',
      '--roster',
      roster,
      '--canvas-problems',
      'all',
      '--canvas-assignment-id',
      '700',
    );
    expect(graded.code, graded.err).toBe(0);
    expect(graded.out).toContain('Roster ');
    expect(graded.out).toContain('2 of 3 submissions matched');
    expect(graded.out).toContain('not in the roster (Canvas will not take their grades): zuse');
    expect(graded.out).toContain('in the roster with no submission: Turing, Alan');
    const book = readFileSync(join(out, 'gradebook.csv'), 'utf8').trim().split('\r\n');
    expect(book[2]).toMatch(/^"Lovelace, Ada",9001,3031001,alovelace@uni\.edu,Lab A,40,/u);
    expect(book[3]).toMatch(/^"Babbage, Charles",9002,3031002,cbabbage@uni\.edu,Lab B,\d+,/u);
    for (const line of book.slice(2)) {
      const cells = line.replace(/^"[^"]*"/u, 'name').split(',');
      expect(
        cells.slice(6).reduce((n, c) => n + Number(c), 0),
        line,
      ).toBe(Number(cells[5]));
    }

    const shards = [1, 2].map((i) => temp(`gradebook-shard-${i}-`));
    for (const [i, dir] of shards.entries()) {
      const part = await cli(
        klass,
        '--assignment',
        'cs61a-hw04',
        '--out',
        dir,
        '--format',
        'json',
        '--roster',
        roster,
        '--canvas-problems',
        'all',
        '--canvas-assignment-id',
        '700',
        '--shard',
        `${i + 1}/2`,
      );
      expect(part.code, part.err).toBe(0);
      expect(part.out).not.toContain('no submission');
    }
    const merged = temp('gradebook-merged-');
    const merge = await cli('merge', ...shards, '--out', merged, '--format', 'json,csv');
    expect(merge.code, merge.err).toBe(0);
    expect(merge.out).toContain('in the roster with no submission: Turing, Alan');
    expect(readFileSync(join(merged, 'gradebook.csv'), 'utf8')).toBe(readFileSync(join(out, 'gradebook.csv'), 'utf8'));
  }, 120_000);

  it("imports into the assignment the roster's column names, and warns for every column that would create an assignment", async () => {
    const columns = join(temp('gradebook-columns-'), 'roster.csv');
    writeFileSync(
      columns,
      'Student,ID,SIS User ID,SIS Login ID,Section,Homework 40 (8040),Homework 4 (9001),Current Score\n    Points Possible,,,,,40,40,\n"Lovelace, Ada",9001,3031001,alovelace@uni.edu,Lab A,,,\n',
    );
    const out = temp('gradebook-columns-out-');
    const graded = await cli(
      klass,
      '--assignment',
      'cs61a-hw04',
      '--out',
      out,
      '--format',
      'json,csv',
      '--roster',
      columns,
      '--only',
      'create_row.',
      '--canvas-problems',
      'all',
    );
    expect(graded.code, graded.err).toBe(0);
    const header = readFileSync(join(out, 'gradebook.csv'), 'utf8').split('\r\n')[0]!;
    expect(header).toContain(',CS 61A Homework 4: Connect N with a data abstraction (9001),');
    expect(graded.out).toContain("Gradebook: Canvas assignment 9001, the roster's column Homework 4 (9001)");
    // The problem columns have no ids: each would be a new assignment, and beside the total they count twice.
    expect(graded.out.match(/has no Canvas assignment id: importing it creates a new assignment/gu)?.length).toBe(
      header.split(',').length - 6,
    );
    expect(graded.out).toContain('counts those points twice');
    expect(graded.out).not.toContain('"CS 61A Homework 4: Connect N with a data abstraction (9001)" has no Canvas');

    // A roster whose columns name no assignment clearly: the total would be a new assignment, and the run says so.
    const none = join(temp('gradebook-none-'), 'roster.csv');
    writeFileSync(none, 'Student,ID,SIS User ID,SIS Login ID,Section,Lab 1 (11),Lab 2 (12)\n"Lovelace, Ada",9001,,alovelace@uni.edu,,,\n');
    const unnamed = await cli(
      klass,
      '--assignment',
      'cs61a-hw04',
      '--out',
      temp('gradebook-none-out-'),
      '--format',
      'json,csv',
      '--roster',
      none,
      '--only',
      'create_row.',
    );
    expect(unnamed.code, unnamed.err).toBe(0);
    expect(unnamed.out).toContain('none of');
    expect(unnamed.out).toContain('it has Lab 1 (11), Lab 2 (12): give --canvas-assignment-id <its id>');
    expect(unnamed.out).toContain(
      'gradebook.csv\'s column "CS 61A Homework 4: Connect N with a data abstraction" has no Canvas assignment id',
    );
  }, 120_000);

  it('says nothing of Canvas to a user who asked for no Canvas output, and writes the gradebook all the same', async () => {
    const out = temp('gradebook-quiet-');
    const quiet = await cli(klass, '--assignment', 'cs61a-hw04', '--out', out, '--only', 'create_row.');
    expect(quiet.code, quiet.err).toBe(0);
    expect(readFileSync(join(out, 'gradebook.csv'), 'utf8')).toContain('Student,ID,SIS User ID');
    expect(`${quiet.out}${quiet.err}`).not.toMatch(/Canvas|Gradebook:/u);
    // Merged with the default formats, the same; the gradebook named in --format, the warnings are back.
    const shards = [1, 2].map((i) => temp(`gradebook-quiet-shard-${i}-`));
    for (const [i, dir] of shards.entries())
      expect(
        (await cli(klass, '--assignment', 'cs61a-hw04', '--out', dir, '--format', 'json', '--only', 'create_row.', '--shard', `${i + 1}/2`))
          .code,
      ).toBe(0);
    const merged = await cli('merge', ...shards, '--out', temp('gradebook-quiet-merged-'));
    expect(merged.code, merged.err).toBe(0);
    expect(`${merged.out}${merged.err}`).not.toMatch(/Canvas|Gradebook:/u);
    const asked = await cli('merge', ...shards, '--out', temp('gradebook-asked-merged-'), '--format', 'json,csv');
    expect(asked.out).toContain('Canvas will match nobody');
    expect(asked.out).toContain('importing it creates a new assignment');
  }, 120_000);

  it('takes the gradebook as asked for when csv is named in --format or a Canvas flag is given', () => {
    expect(askedForGradebook({})).toBe(false);
    expect(askedForGradebook({ format: 'json,html' })).toBe(false);
    expect(askedForGradebook({ format: 'json, csv' })).toBe(true);
    expect(askedForGradebook({ roster: 'roster.csv' })).toBe(true);
    expect(askedForGradebook({ canvasAssignmentId: '700' })).toBe(true);
    expect(askedForGradebook({ canvasProblems: 'all' })).toBe(true);
  });

  it('says Canvas will match nobody without a roster, and refuses a roster that is not one before grading', async () => {
    const plain = await cli(
      klass,
      '--assignment',
      'cs61a-hw04',
      '--out',
      temp('gradebook-plain-'),
      '--format',
      'json,csv',
      '--only',
      'create_row.',
    );
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('Canvas will match nobody');
    const bad = join(temp('gradebook-bad-'), 'roster.csv');
    writeFileSync(bad, 'name,email\n');
    const refused = await cli(klass, '--assignment', 'cs61a-hw04', '--out', temp('gradebook-refused-'), '--roster', bad);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("no 'student' or 'id' column");
    const typo = await cli(klass, '--assignment', 'cs61a-hw04', '--out', temp('gradebook-typo-'), '--canvas-problems', 'create_row=1');
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("'create_row' is no problem of this assignment");
  }, 120_000);
});
