/**
 * The example packs of fixtures/packs/ graded as a course grades with them: each built-in's bundled samples keep
 * every pinned verdict on the tests the pack keeps, score by the pack's points, and every export says the same
 * total; a submission under the course's own file names costs nothing; after-due tests stay out of the student's
 * pages and show as Gradescope's after_due_date until the due date. A pack's own tests (CS111's: a calls test and a
 * session) give the verdicts they imply in every export, the student's kit and grade check.
 */
import { execa } from 'execa';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentId } from '../../runner/model/ids.js';
import { runCli } from '../../runner/cli/run-cli.js';
import { buildKit } from '../../runner/kit/build-kit.js';
import type { RunResults, SubmissionResult } from '../../runner/model/results.js';
import { loadPack } from '../../runner/pack/load-pack.js';
import { builtInSpec } from '../../runner/pack/load-built-in.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import type { ResolvedSpec } from '../../runner/model/spec-types.js';
import type { SamplePins } from '../helpers/sample-suite.js';
import { PINS as CONNIPTION } from '../assignments/conniption/verdicts.js';
import { PINS as CS111 } from '../assignments/cs111-ps9/verdicts.js';
import { PINS as CS61A } from '../assignments/cs61a-hw04/verdicts.js';
import { PINS as HMC } from '../assignments/hmc-cs5-hw11/verdicts.js';
import { PINS as MANCHESTER } from '../assignments/manchester-connect4/verdicts.js';
import { tempDirs } from '../temp-dirs.js';

const temp = tempDirs();

interface PackCase {
  readonly pins: SamplePins;
  /** Samples graded with the pack: one-bug ones chosen to fail a test the pack changes. */
  readonly samples: readonly string[];
  /** correct-plain's files under the pack's first names (and its imports of them renamed), where the pack renames. */
  readonly renamed?: Readonly<Record<string, string>>;
  /** A sample failing a test the pack makes after-due (CS61A's pack has none). */
  readonly afterDue?: { readonly sample: string; readonly test: string };
  /**
   * The pack's own tests (a calls test and a session): the samples they fail, each test's status (every other sample
   * passes them), and the sample whose verdicts the kit and grade check must give too.
   */
  readonly own?: { readonly fails: Readonly<Record<string, Readonly<Record<string, string>>>>; readonly checked: string };
}

const CASES: Readonly<Record<AssignmentId, PackCase>> = {
  // correct-classic is the correct solution in another style; trivia-win-no-period's slip is process_move.messages' alone,
  // which the pack's session, reading the win as a pattern, does not charge again. add-checker-top-row's session goes
  // wrong through the Board alone: game-replay passes it in the grader, crash-once in the kit (connect_four.human-games
  // charges the crash there).
  'cs111-ps9': {
    pins: CS111,
    samples: ['correct-plain', 'correct-classic', 'add-checker-top-row', 'remove-checker-bottom', 'trivia-win-no-period'],
    renamed: { ps9pr1: 'ps7pr1', ps9pr2: 'ps7pr2', ps9pr3: 'ps7pr3', ps9pr4: 'ps7pr4' },
    afterDue: { sample: 'scores-for-ignores-threats', test: 'aiplayer.scores_for.lookahead-4' },
    own: {
      fails: {
        'add-checker-top-row': { 'board.course.full-column': 'fail' },
        'remove-checker-bottom': { 'board.course.full-column': 'fail' },
      },
      checked: 'add-checker-top-row',
    },
  },
  'hmc-cs5-hw11': {
    pins: HMC,
    samples: ['correct-plain', 'scores-for-min', 'tiebreak-random-first'],
    renamed: { hw11pr2: 'hw10pr3' },
    afterDue: { sample: 'scores-for-min', test: 'player.scoresFor.ply-4-5' },
  },
  // lab04.py is one of the built-in's names too: what a renamed file costs is shown on CS111 and HMC.
  'cs61a-hw04': { pins: CS61A, samples: ['correct-plain', 'print-board-indexes-board', 'print-board-trailing-space'] },
  // correct-classic: correct-plain's depth-4 search costs the four tournaments 11 s a run (correct-classic's 3.5 s), and
  // the pack changes points, a hint, a visibility and examples, none of them a game.
  'manchester-connect4': {
    pins: MANCHESTER,
    samples: ['correct-classic', 'has-won-no-anti-diagonal', 'docstring-todo'],
    afterDue: { sample: 'has-won-no-anti-diagonal', test: 'hasWon.generated' },
  },
  conniption: {
    pins: CONNIPTION,
    samples: ['correct-plain', 'undo-does-nothing', 'search-min-maximises'],
    afterDue: { sample: 'search-min-maximises', test: 'alpha_beta_search.deep' },
  },
};

async function grade(argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await runCli(
    argv,
    () => undefined,
    (s) => (err += s),
    { env: {}, cwd: PROJECT_ROOT },
  );
  return { code, err };
}

const readRun = (out: string) => JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;

/** A class folder holding copies of the samples. */
function classOf(assignment: AssignmentId, samples: readonly string[]): string {
  const klass = temp(`${assignment}-class-`);
  for (const name of samples)
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, name), join(klass, name), {
      recursive: true,
      filter: (p) => !p.includes('__pycache__') && !p.endsWith('BUG.md'),
    });
  return klass;
}

/** The example pack copied with its due date moved, so a test decides what time it is. */
function packDueIn(assignment: AssignmentId, due: string): string {
  const dir = temp(`${assignment}-pack-`);
  const text = readFileSync(join(PROJECT_ROOT, 'fixtures', 'packs', assignment, 'assignment.yml'), 'utf8');
  writeFileSync(
    join(dir, 'assignment.yml'),
    /^due:/mu.test(text) ? text.replace(/^due: .*$/mu, `due: ${due}`) : text.replace(/^extends: .*$/mu, (line) => `${line}\ndue: ${due}`),
  );
  return dir;
}

const FAR_AHEAD = '2099-12-31T23:59:00+00:00';

for (const [assignment, { pins, samples, renamed, afterDue, own }] of Object.entries(CASES) as [AssignmentId, PackCase][]) {
  describe(`${assignment} graded with its example pack`, () => {
    const packDir = packDueIn(assignment, FAR_AHEAD);
    const spec: ResolvedSpec = loadPack(PROJECT_ROOT, packDir);
    const out = temp(`${assignment}-out-`);
    let run: RunResults;
    beforeAll(async () => {
      const klass = classOf(assignment, [...new Set([...samples, ...(afterDue ? [afterDue.sample] : [])])]);
      const graded = await grade([
        klass,
        '--assignment',
        packDir,
        '--out',
        out,
        '--jobs',
        '2',
        '--format',
        'json,html,csv,gradescope,junit',
        '--audience',
        'student',
      ]);
      expect(graded.code, graded.err).toBe(0);
      run = readRun(out);
    }, 600_000);

    it('records the pack it was graded with', () => {
      expect(run.pack).toMatchObject({ extends: assignment, hash: spec.pack!.hash, due: FAR_AHEAD });
    });

    it("keeps every pinned verdict on the tests the pack keeps, and scores by the pack's points", () => {
      const disabled = loadPack(PROJECT_ROOT, join(PROJECT_ROOT, 'fixtures', 'packs', assignment));
      for (const sample of samples) {
        const submission = run.submissions.find((s) => s.id === sample)!;
        expect(submission.tests.map((t) => t.id)).toEqual(spec.tests.map((t) => t.id));
        expect(spec.tests.map((t) => t.id)).toEqual(disabled.tests.map((t) => t.id));
        const pinned = pins.expected[sample] ?? {};
        const seen = Object.fromEntries(
          submission.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').map((t) => [t.id, t.status]),
        );
        const kept = Object.fromEntries(
          Object.entries(pinned).filter(([id]) => spec.tests.some((t) => t.id === id && t.kind !== 'strength')),
        );
        expect(seen, sample).toEqual({ ...kept, ...own?.fails[sample] });
        const points = new Map(spec.tests.map((t) => [t.id, t.points]));
        expect(submission.tests.map((t) => t.maxScore)).toEqual(spec.tests.map((t) => t.points));
        expect(submission.score).toBe(submission.tests.filter((t) => t.status === 'pass').reduce((n, t) => n + points.get(t.id)!, 0));
        expect(submission.maxScore).toBe(spec.maxScore);
      }
    });

    it('every export gives the same total', () => {
      const scores = readFileSync(join(out, 'scores.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(','));
      const book = readFileSync(join(out, 'gradebook.csv'), 'utf8').trim().split(/\r?\n/u).map(csvCells);
      const total = book[0]!.indexOf(spec.title);
      expect(total).toBeGreaterThan(0);
      for (const submission of run.submissions) {
        expect(
          scores
            .find((row) => row[0] === submission.id)!
            .slice(1)
            .map(Number),
        ).toEqual([submission.score, submission.maxScore]);
        expect(book.find((row) => row[0] === submission.id)![total]).toBe(String(submission.score));
        const gradescope = JSON.parse(readFileSync(join(out, 'gradescope', `${submission.id}.json`), 'utf8')) as {
          score: number;
          tests: { max_score: number }[];
        };
        expect(gradescope.score).toBe(submission.score);
        expect(gradescope.tests.reduce((n, t) => n + t.max_score, 0)).toBe(spec.maxScore);
      }
      expect(book[1]![total]).toBe(String(spec.maxScore));
    });

    if (afterDue)
      it('an after-due test stays out of the student page and is after_due_date on Gradescope until the due date', () => {
        const submission = run.submissions.find((s) => s.id === afterDue.sample)!;
        const test = submission.tests.find((t) => t.id === afterDue.test)!;
        expect(test).toMatchObject({ visibility: 'after-due', status: 'fail' });
        expect(test.expected).toBeDefined();
        const gradescope = JSON.parse(readFileSync(join(out, 'gradescope', `${afterDue.sample}.json`), 'utf8')) as {
          tests: { name: string; visibility: string; output: string }[];
        };
        expect(gradescope.tests.find((t) => t.name === test.name)!.visibility).toBe('after_due_date');
        const page = readFileSync(join(out, 'for-students', `${afterDue.sample}.html`), 'utf8');
        expect(page).toContain(test.name.replaceAll("'", '&#x27;').replaceAll('&', '&amp;').slice(0, 20));
        expect(page).toContain(`A test shown after the due date (${FAR_AHEAD}): not passed. Its cases are shown then.`);
        expect(page).not.toContain(test.message.slice(0, 40));
      });

    if (own) {
      const ownTests = spec.tests.filter((t) => t.kind === 'calls' || t.kind === 'session');

      it('its own tests, a calls test and a session, are in every export with the verdicts they imply', () => {
        expect(ownTests.map((t) => t.kind).sort()).toEqual(['calls', 'session']);
        const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
        const index = readFileSync(join(out, 'index.html'), 'utf8');
        for (const submission of run.submissions) {
          const gradescope = JSON.parse(readFileSync(join(out, 'gradescope', `${submission.id}.json`), 'utf8')) as {
            tests: { name: string; status: string; output: string; visibility: string }[];
          };
          const pages = [
            readFileSync(join(out, 'submissions', `${submission.id}.html`), 'utf8'),
            readFileSync(join(out, 'for-students', `${submission.id}.html`), 'utf8'),
          ];
          for (const test of ownTests) {
            const result = submission.tests.find((t) => t.id === test.id)!;
            expect(result.status, `${submission.id} ${test.id}`).toBe(own.fails[submission.id]?.[test.id] ?? 'pass');
            const exported = gradescope.tests.find((t) => t.name === result.name)!;
            expect(exported).toMatchObject({ status: result.status === 'pass' ? 'passed' : 'failed', visibility: 'visible' });
            if (result.status !== 'pass') {
              // What was called, expected and got, and the Python to see it again.
              expect(result).toMatchObject({
                expected: expect.any(String),
                actual: expect.any(String),
                reproduce: expect.stringContaining('b.add_checkers('),
              });
              expect(exported.output).toContain(`To see it yourself, in Python:\n${result.reproduce!}`);
            }
            expect(junit).toContain(`${test.id}: ${html(result.name)}`);
            for (const page of pages) expect(page).toContain(html(result.name));
          }
        }
        expect(index).toContain(html(ownTests[0]!.name));
      });

      it(`grade check and the student's kit give ${own.checked} the same verdicts on the pack's own tests`, async () => {
        const sample = join(classOf(assignment, [own.checked]), own.checked);
        const checked = temp(`${assignment}-check-`);
        expect((await grade(['check', sample, '--assignment', packDir, '--out', checked])).code).toBe(1);
        const kit = await buildKit({ assignment: packDir, out: temp(`${assignment}-kit-`), classroom: false, version: '0.0.0-test' });
        const unpacked = temp(`${assignment}-unpacked-`);
        await execa('tar', ['-xzf', kit.tarball, '-C', unpacked]);
        const kitOut = temp(`${assignment}-kit-out-`);
        const ran = await execa(process.execPath, [join(unpacked, 'package', 'bin', 'connect4-check.js'), sample, '--out', kitOut], {
          env: { CI: 'true' },
          reject: false,
        });
        expect(ran.exitCode, String(ran.stderr)).toBe(1);
        const statuses = (dir: string) =>
          Object.fromEntries(
            readRun(dir)
              .submissions[0]!.tests.filter((t) => ownTests.some((o) => o.id === t.id))
              .map((t) => [t.id, t.status]),
          );
        const expected = Object.fromEntries(ownTests.map((t) => [t.id, own.fails[own.checked]?.[t.id] ?? 'pass']));
        expect(statuses(checked)).toEqual(expected);
        expect(statuses(kitOut)).toEqual(expected);
      }, 600_000);
    }

    if (renamed) {
      it("a submission under the course's own file names costs nothing; under the built-in it costs files.named", async () => {
        const klass = temp(`${assignment}-renamed-`);
        const student = join(klass, 'student');
        mkdirSync(student);
        const sample = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, 'correct-plain');
        for (const name of readdirSync(sample).filter((n) => n !== 'BUG.md' && n !== '__pycache__')) {
          const stem = name.replace(/\.\w+$/u, '');
          let text = readFileSync(join(sample, name), 'utf8');
          for (const [from, to] of Object.entries(renamed))
            text = text.replaceAll(new RegExp(`\\b(from|import) ${from}\\b`, 'gu'), `$1 ${to}`);
          writeFileSync(join(student, `${renamed[stem] ?? stem}${name.slice(stem.length)}`), text);
        }
        const [withPack, builtIn] = [temp('renamed-pack-out-'), temp('renamed-built-out-')];
        expect((await grade([klass, '--assignment', packDir, '--out', withPack, '--jobs', '2', '--format', 'json'])).code).toBe(0);
        const graded = readRun(withPack).submissions[0]!;
        expect(failing(graded)).toEqual([]);
        expect(graded.score).toBe(spec.maxScore);
        expect(
          (await grade([klass, '--assignment', assignment, '--out', builtIn, '--jobs', '2', '--format', 'json', '--only', 'files.named']))
            .code,
        ).toBe(0);
        expect(failing(readRun(builtIn).submissions[0]!)).toEqual(['files.named']);
      }, 600_000);
    }
  });
}

/** Text as the pages and JUnit escape it. */
const html = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const failing = (submission: SubmissionResult) =>
  submission.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').map((t) => t.id);

/** A CSV line's cells, quotes undone. */
function csvCells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/gu)]
    .slice(0, -1)
    .map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replaceAll('""', '"') : m[1]!));
}

/**
 * A course whose API has other names (`names` in its pack): samples written with the course's names, graded with a
 * pack that says them, get every pinned verdict of the built-in, test for test.
 */
const RENAMED: Readonly<Record<AssignmentId, { readonly names: Readonly<Record<string, string>>; readonly samples: readonly string[] }>> = {
  'cs111-ps9': {
    names: { Board: 'Grid', 'Board.add_checker': 'add_move', 'Player.next_move': 'choose_column', 'AIPlayer.scores_for': 'column_scores' },
    samples: ['correct-plain', 'add-checker-top-row', 'next-move-no-try-again', 'scores-for-no-restore', 'process-move-prints-checker'],
  },
  'hmc-cs5-hw11': {
    names: { 'Player.scoresFor': 'scores_for', 'Player.oppCh': 'opponent', 'Board.addMove': 'add_move' },
    samples: ['correct-plain', 'scores-for-min', 'opp-ch-zero', 'play-game-no-winner-message'],
  },
  'cs61a-hw04': {
    names: { make_move: 'drop_piece', get_piece: 'piece_at' },
    samples: ['correct-plain', 'make-move-negative-column', 'get-piece-transposed'],
  },
  'manchester-connect4': {
    names: { makeMove: 'make_move', hasWon: 'has_won', suggestMove1: 'suggest_move' },
    samples: ['correct-classic', 'has-won-no-anti-diagonal', 'make-move-from-top'],
  },
  conniption: {
    names: { 'Conniption.genChildStates': 'child_states', 'Conniption.isWin': 'is_win' },
    samples: ['correct-plain', 'is-win-ai-only', 'no-dual-flip'],
  },
};

for (const [assignment, { names, samples }] of Object.entries(RENAMED) as [AssignmentId, (typeof RENAMED)[AssignmentId]][]) {
  describe(`${assignment} with the API renamed`, () => {
    const pins = CASES[assignment].pins;
    it(`${samples.join(', ')}: every pinned verdict, under the course's names`, async () => {
      const pack = temp(`${assignment}-names-`);
      writeFileSync(
        join(pack, 'assignment.yml'),
        `extends: ${assignment}\nnames:\n${Object.entries(names)
          .map(([doc, course]) => `  ${doc}: ${course}\n`)
          .join('')}`,
      );
      const klass = temp(`${assignment}-renamed-class-`);
      for (const sample of samples) {
        const from = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, sample);
        mkdirSync(join(klass, sample));
        for (const name of readdirSync(from).filter((n) => n !== 'BUG.md' && n !== '__pycache__')) {
          let text = readFileSync(join(from, name), 'utf8');
          for (const [doc, course] of Object.entries(names))
            text = text.replaceAll(new RegExp(`\\b${doc.split('.').at(-1)!}\\b`, 'gu'), course);
          writeFileSync(join(klass, sample, name), text);
        }
      }
      const out = temp(`${assignment}-renamed-out-`);
      const graded = await grade([klass, '--assignment', pack, '--out', out, '--jobs', '2', '--format', 'json']);
      expect(graded.code, graded.err).toBe(0);
      const run = readRun(out);
      for (const sample of samples) {
        const submission = run.submissions.find((s) => s.id === sample)!;
        const seen = Object.fromEntries(
          submission.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').map((t) => [t.id, t.status]),
        );
        const pinned = Object.fromEntries(Object.entries(pins.expected[sample] ?? {}).filter(([id]) => !id.endsWith('.strength')));
        expect(
          seen,
          `${sample}:\n${submission.tests
            .filter((t) => t.status !== 'pass' && t.status !== 'skipped')
            .map((t) => `${t.id}: ${t.message}`)
            .join('\n')}`,
        ).toEqual(pinned);
      }
      // What the student reads says their names, not the document's.
      const failed = run.submissions.flatMap((s) => s.tests.filter((t) => t.status === 'fail' && t.reproduce !== undefined));
      const said = failed.map((t) => `${t.message}\n${t.reproduce}`).join('\n');
      for (const [doc, course] of Object.entries(names)) {
        const bare = doc.split('.').at(-1)!;
        if (said.includes(course)) expect(said, doc).not.toMatch(new RegExp(`\\b${bare}\\(`, 'u'));
      }
    }, 600_000);
  });
}

/**
 * A course's own wording of the texts the document fixes (`texts` in its pack): a program that says the course's
 * words passes with the pack and fails without it; the document's words fail with it, on the same tests. A text the
 * built-in marks as graded by no test (`notGraded`) costs nothing reworded alone (`alone`: its edits).
 */
const REWORDED: Readonly<
  Partial<
    Record<
      AssignmentId,
      {
        readonly texts: Readonly<Record<string, string>>;
        readonly edits: readonly (readonly [string, string])[];
        readonly only?: string;
        readonly alone?: Readonly<Record<string, readonly (readonly [string, string])[]>>;
      }
    >
  >
> = {
  'cs111-ps9': {
    texts: { prompt: 'Column? ', retry: 'Not that one!', welcome: 'Hello, Connect Four!', congratulations: 'Well played!', tie: 'A draw!' },
    edits: [
      ["'Enter a column: '", "'Column? '"],
      ["'Try again!'", "'Not that one!'"],
      ["'Welcome to Connect Four!'", "'Hello, Connect Four!'"],
      ["'Congratulations!'", "'Well played!'"],
      [`"It's a tie!"`, `"A draw!"`],
    ],
    alone: { welcome: [["'Welcome to Connect Four!'", "'Hello, Connect Four!'"]] },
  },
  // The commands are typed to play() and the REPL only: their tests are the ones run.
  'manchester-connect4': { texts: { save: 'save' }, edits: [["answer == 'S' or answer == 's'", "answer == 'save'"]], only: 'play' },
  conniption: {
    texts: { undo: 'b' },
    edits: [
      ["command == 'u'", "command == 'b'"],
      ['u(ndo)  ', 'b(ack)  '],
    ],
    only: 'repl',
  },
};

for (const [assignment, { texts, edits, only, alone = {} }] of Object.entries(REWORDED) as [
  AssignmentId,
  NonNullable<(typeof REWORDED)[AssignmentId]>,
][]) {
  describe(`${assignment} with the texts reworded`, () => {
    it(`${Object.keys(texts).join(', ')}: the course's words pass with the pack, the document's fail there, and the course's fail without it`, async () => {
      const pack = temp(`${assignment}-texts-`);
      writeFileSync(
        join(pack, 'assignment.yml'),
        `extends: ${assignment}\ntexts:\n${Object.entries(texts)
          .map(([key, text]) => `  ${key}: ${JSON.stringify(text)}\n`)
          .join('')}`,
      );
      const klass = temp(`${assignment}-texts-class-`);
      const from = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, 'correct-plain');
      const notGraded = Object.entries(builtInSpec(PROJECT_ROOT, assignment).texts ?? {})
        .filter(([key, t]) => t.notGraded && key in texts)
        .map(([key]) => key);
      expect(Object.keys(alone).sort(), 'each text marked notGraded is reworded alone').toEqual(notGraded.sort());
      // Each text no test grades, reworded alone: graded with the built-in only.
      const aloneClass = temp(`${assignment}-texts-alone-`);
      for (const folder of ['course-words', 'document-words']) mkdirSync(join(klass, folder));
      for (const key of notGraded) mkdirSync(join(aloneClass, `${key}-alone`));
      for (const name of readdirSync(from).filter((n) => n !== 'BUG.md' && n !== '__pycache__')) {
        const text = readFileSync(join(from, name), 'utf8');
        const reworded = edits.reduce((out, [a, b]) => out.replaceAll(a, b), text);
        writeFileSync(join(klass, 'course-words', name), reworded);
        writeFileSync(join(klass, 'document-words', name), text);
        for (const key of notGraded)
          writeFileSync(
            join(aloneClass, `${key}-alone`, name),
            alone[key]!.reduce((out, [a, b]) => out.replaceAll(a, b), text),
          );
      }
      expect(
        edits.every(([a]) => readdirSync(from).some((n) => readFileSync(join(from, n), 'utf8').includes(a))),
        'every edit applies to the sample',
      ).toBe(true);
      const [withPack, builtIn] = [temp('texts-pack-out-'), temp('texts-built-out-')];
      const narrowed = only ? ['--only', only] : [];
      expect((await grade([klass, '--assignment', pack, '--out', withPack, '--jobs', '2', '--format', 'json', ...narrowed])).code).toBe(0);
      expect(
        (
          await grade([
            klass,
            ...(notGraded.length > 0 ? [aloneClass] : []),
            '--assignment',
            assignment,
            '--out',
            builtIn,
            '--jobs',
            '2',
            '--format',
            'json',
            ...narrowed,
          ])
        ).code,
      ).toBe(0);
      const failed = (out: string, id: string) => failing(readRun(out).submissions.find((s) => s.id === id)!);
      expect(failed(withPack, 'course-words')).toEqual([]);
      expect(failed(builtIn, 'document-words')).toEqual([]);
      // No test grades a text marked notGraded: another wording of it alone costs nothing.
      for (const key of notGraded) expect(failed(builtIn, `${key}-alone`), key).toEqual([]);
      const charged = failed(withPack, 'document-words');
      expect(charged.length).toBeGreaterThan(0);
      // The same tests grade the wording either way (a check that reads the wording leniently may let one pass).
      const without = failed(builtIn, 'course-words');
      expect(without.length).toBeGreaterThan(0);
      expect(charged).toEqual(expect.arrayContaining(without));
    }, 600_000);
  });
}
