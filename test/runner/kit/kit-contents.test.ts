/**
 * What the student's kit holds, read from the .tgz a course hands out: the visible tests and the code that runs
 * them, and nothing that answers the assignment. No hidden case (its id, input, Python or expected value, as the
 * fixtures serialise them), no module of reference/ nor any of its functions, no case builder, no doubles.py, no
 * sample submission, and nothing of another assignment.
 */
import { execa } from 'execa';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { list } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS } from '../../../runner/model/ids.js';
import { buildKit, type BuiltKit } from '../../../runner/kit/build-kit.js';
import { kitPackageJson, kitReadme } from '../../../runner/kit/kit-package.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';
import { sharedCases } from '../../../runner/pack/shared-cases.js';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import type { ResolvedSpec } from '../../../runner/model/spec-types.js';

const work = mkdtempSync(join(tmpdir(), 'kit-contents-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Every case a hidden test selects, but the document's own examples (the handout prints them): what the kit must not
 * hold, whichever visible test might have used it too. The spec gives each visible test cases of its own.
 */
function hiddenCases(spec: ResolvedSpec) {
  const hidden = new Map(
    spec.tests.filter((t) => t.visibility !== 'visible').flatMap((t) => t.fixtureCases.map((c) => [c.id, c] as const)),
  );
  return [...hidden.values()].filter((c) => c.source.kind !== 'document');
}

/** Exported function and constant names of reference/ that are long enough to be telling (`scoreColumnsEveryRule`). */
function referenceNames(): string[] {
  const files = filesUnder(join(PROJECT_ROOT, 'reference')).filter((f) => f.endsWith('.ts'));
  const names = files.flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/^export (?:function|const|class) ([A-Za-z_]\w+)/gmu)].map((m) => m[1]!),
  );
  return [...new Set(names)].filter((n) => n.length >= 9);
}

/**
 * Whether `"<word>"` occurs in a text, for many words with no quote in them: such a word is quoted in the text exactly
 * when it is one of the pieces between two quotes in a row. One pass over a kit of megabytes, not one per case id.
 */
function quotedIn(text: string): (word: string) => boolean {
  const pieces = text.split('"');
  const quoted = new Set(pieces.slice(1, -1));
  return (word) => (word.includes('"') ? text.includes(`"${word}"`) : quoted.has(word));
}

/** Each hidden case's id, input, Python or expected value (as the fixtures serialise them) found in `text`. */
function hiddenIn(spec: ResolvedSpec, text: string): string[] {
  const fields = (c: FixtureCase) => [c.id, JSON.stringify(c.input), JSON.stringify(c.expected), c.python];
  // A hidden case's value that a visible case has too (`True`, the empty board) is no secret; its id always is.
  const shown = new Set(spec.tests.filter((t) => t.visibility === 'visible').flatMap((t) => t.fixtureCases.flatMap(fields)));
  const quoted = quotedIn(text);
  return hiddenCases(spec).flatMap((c) =>
    fields(c)
      .filter((s, i) => (i === 0 ? quoted(s) : s.length >= 24 && !shown.has(s) && text.includes(s)))
      .map((s) => `${c.id}: ${s.slice(0, 80)}`),
  );
}

describe.each(ASSIGNMENT_IDS)("the %s spec's visible tests", (assignment) => {
  it('select no case a hidden test selects, but the examples the document prints', () => {
    const spec = loadSpec(PROJECT_ROOT, assignment);
    const hidden = new Set(hiddenCases(spec).map((c) => c.id));
    const shared = spec.tests
      .filter((t) => t.visibility === 'visible')
      .flatMap((t) => t.fixtureCases.filter((c) => hidden.has(c.id)).map((c) => `${t.id}: ${c.id}`));
    expect(shared).toEqual([]);
  });
});

const kits = new Map<string, { built: BuiltKit; files: Map<string, string> }>();

/** Each entry of a .tgz with its mode as the header says: what npm gives the file when a student installs it. */
async function tarModes(tarball: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  await list({ file: tarball, onReadEntry: (entry) => void modes.set(entry.path, entry.mode ?? 0) });
  return modes;
}

/** node-pty's macOS helpers, as the grader's node-pty ships them: the kit must carry each one. */
const PTY_HELPERS = ['darwin-arm64', 'darwin-x64']
  .map((platform) => `node_modules/node-pty/prebuilds/${platform}/spawn-helper`)
  .filter((helper) => existsSync(join(PROJECT_ROOT, helper)));

/** The kit of a built-in (by id) or of a course's pack (by its folder), unpacked from its .tgz. */
async function unpackedKit(assignment: string) {
  const known = kits.get(assignment);
  if (known) return known;
  const out = join(work, assignment.replace(/[^\w-]/gu, '_'));
  const built = await buildKit({ assignment, out, classroom: false, version: '0.0.0-test' });
  const unpacked = join(out, 'unpacked');
  await execa('mkdir', ['-p', unpacked]);
  await execa('tar', ['-xzf', built.tarball, '-C', unpacked]);
  const files = new Map(filesUnder(unpacked).map((f) => [relative(join(unpacked, 'package'), f), readFileSync(f, 'latin1')]));
  const kit = { built, files };
  kits.set(assignment, kit);
  return kit;
}

describe.each(ASSIGNMENT_IDS)("the %s kit's package", (assignment) => {
  const spec = loadSpec(PROJECT_ROOT, assignment);

  it('holds the check, its data, the harness and the tools, and every visible test with its cases', async () => {
    const { files, built } = await unpackedKit(assignment);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'check-data.json', 'bin/connect4-check.js', 'runner/harness/python/harness.py']),
    );
    const data = JSON.parse(files.get('check-data.json')!) as { spec: ResolvedSpec };
    const visible = spec.tests.filter((t) => t.visibility === 'visible');
    expect(data.spec.tests.map((t) => t.id)).toEqual(visible.map((t) => t.id));
    expect(data.spec.tests.map((t) => t.fixtureCases.length)).toEqual(visible.map((t) => t.fixtureCases.length));
    expect(JSON.parse(files.get('package.json')!)).toMatchObject({
      name: `connect4-check-${assignment}`,
      version: `0.0.0-spec.${built.data.specHash}`,
    });
    // Its one command is named for its assignment: two assignments' kits install side by side (below).
    expect(JSON.parse(files.get('package.json')!).bin).toEqual({ [`connect4-check-${assignment}`]: 'bin/connect4-check.js' });
  }, 120_000);

  it("packs node-pty's helpers executable: macOS starts every terminal through spawn-helper", async () => {
    const { built } = await unpackedKit(assignment);
    const modes = await tarModes(built.tarball);
    const helpers = [...modes.keys()].filter((path) => /^package\/node_modules\/node-pty\/.*\/spawn-helper$/u.test(path));
    // node-pty 1.1.0 ships them 0644 (`posix_spawnp failed.` on every terminal run); the kit carries both, 0755.
    expect(PTY_HELPERS.length).toBe(2);
    expect(helpers.sort()).toEqual(PTY_HELPERS.map((helper) => `package/${helper}`));
    expect(helpers.map((path) => [path, (modes.get(path)! & 0o777).toString(8)])).toEqual(helpers.map((path) => [path, '755']));
    // And so on disk, where a student who unpacks the kit by hand runs it from.
    for (const helper of PTY_HELPERS) expect(statSync(join(built.folder, helper)).mode & 0o111).toBe(0o111);
  }, 120_000);

  it('holds no hidden case: not its id, input, Python or expected value', async () => {
    const { files } = await unpackedKit(assignment);
    const everything = [...files.values()].join('\n');
    expect(hiddenIn(spec, everything)).toEqual([]);
    // A hidden test's name is no secret (a page handed back shows it, and a check may name the test that grades a
    // rule); its definition is: the kit has none.
    const data = JSON.parse(files.get('check-data.json')!) as { spec: ResolvedSpec };
    expect(data.spec.tests.filter((t) => t.visibility !== 'visible')).toEqual([]);
    // The same search finds them where they are: in the grader's own spec and fixtures.
    expect(hiddenIn(spec, JSON.stringify(spec)).length).toBeGreaterThan(0);
  }, 120_000);

  it('holds nothing of reference/, no case builder, no doubles.py and no solver', async () => {
    const { files, built } = await unpackedKit(assignment);
    expect(
      [...files.keys()].filter(
        (f) =>
          f.startsWith('reference/') ||
          f.includes('fixtures/') ||
          /runner\/assignments\/[^/]+\/doubles\.py$/u.test(f) ||
          f.endsWith('grade_harness/lines.py'),
      ),
    ).toEqual([]);
    expect(
      built.modules.filter(
        (m) =>
          m.startsWith('reference/') ||
          m.startsWith('runner/fixtures/') ||
          /^runner\/assignments\/[^/]+\/((.*-)?cases|index)\.[jt]s$/u.test(m),
      ),
    ).toEqual([]);
    const bundle = files.get('bin/connect4-check.js')!;
    expect(referenceNames().filter((name) => new RegExp(`\\b(function|class|const|let) ${name}\\b`, 'u').test(bundle))).toEqual([]);
    // The stand-ins, and the win check they share from the harness's package (four in a row answers a win check).
    const doubles = ['runner/assignments/' + assignment + '/doubles.py', 'runner/harness/python/grade_harness/lines.py']
      .map((f) => readFileSync(join(PROJECT_ROOT, f), 'utf8'))
      .join('\n');
    // Functions the document hands every student (CS61A's check_win_diagonal) are no answer: no test grades them.
    const given = new Set(
      (
        (
          JSON.parse(readFileSync(join(PROJECT_ROOT, 'runner', 'assignments', assignment, 'equivalent-mutants.json'), 'utf8')) as {
            given?: { function: string }[];
          }
        ).given ?? []
      ).map((g) => g.function.split('.').at(-1)!),
    );
    const definitions = [...doubles.matchAll(/^\s*def (\w+)\(/gmu)]
      .map((m) => m[1]!)
      .filter((n) => n.length >= 6 && !n.startsWith('__') && !given.has(n));
    const python = [...files.entries()]
      .filter(([f]) => f.endsWith('.py'))
      .map(([, text]) => text)
      .join('\n');
    expect(definitions.filter((name) => python.includes(`def ${name}(`))).toEqual([]);
  }, 120_000);

  it('holds no sample submission', async () => {
    const { files } = await unpackedKit(assignment);
    const samples = filesUnder(join(PROJECT_ROOT, 'fixtures', 'submissions'))
      .filter((f) => /\.(py|txt)$/u.test(f))
      .map((f) => readFileSync(f, 'latin1'))
      .filter((text) => text.length > 200);
    const texts = [...files.values()];
    expect(samples.filter((sample) => texts.some((text) => text.includes(sample))).length).toBe(0);
    expect([...files.keys()].filter((f) => f.includes('submissions'))).toEqual([]);
  }, 120_000);

  it('holds nothing of another assignment: no spec title, document or case of theirs', async () => {
    const { files } = await unpackedKit(assignment);
    const everything = [...files.values()].join('\n');
    const quoted = quotedIn(everything);
    const ownCases = new Set(spec.tests.flatMap((t) => t.fixtureCases.map((c) => c.id)));
    for (const other of ASSIGNMENT_IDS.filter((id) => id !== assignment)) {
      const theirs = loadSpec(PROJECT_ROOT, other);
      expect(everything.includes(theirs.title), `${other}'s title`).toBe(false);
      expect(everything.includes(theirs.document), `${other}'s document`).toBe(false);
      const cases = theirs.tests.flatMap((t) => t.fixtureCases.map((c) => c.id)).filter((id) => !ownCases.has(id));
      expect(cases.filter(quoted), `${other}'s cases`).toEqual([]);
      expect(existsIn(files, `runner/assignments/${other}/`), `${other}'s folder`).toBe(false);
    }
  }, 120_000);
});

const existsIn = (files: Map<string, string>, prefix: string) => [...files.keys()].some((f) => f.startsWith(prefix));

describe("two assignments' kits", () => {
  it('install side by side, offline, each answering to its own command', async () => {
    const prefix = join(work, 'npm-global');
    const env = {
      ...process.env,
      npm_config_prefix: prefix,
      npm_config_cache: join(work, 'npm-cache'),
      npm_config_update_notifier: 'false',
    };
    for (const assignment of ['cs61a-hw04', 'hmc-cs5-hw11']) {
      const { built } = await unpackedKit(assignment);
      const installed = await execa('npm', ['install', '--global', '--offline', '--no-audit', '--no-fund', built.tarball], {
        env,
        reject: false,
      });
      expect(installed.exitCode, `${assignment}: ${String(installed.stderr)}`).toBe(0);
    }
    for (const assignment of ['cs61a-hw04', 'hmc-cs5-hw11']) {
      const ran = await execa(join(prefix, 'bin', `connect4-check-${assignment}`), ['--version'], { env, reject: false });
      expect(ran.exitCode, String(ran.stderr)).toBe(0);
      expect(ran.stdout).toContain(loadSpec(PROJECT_ROOT, assignment).title);
      // npm installs node-pty's macOS helpers with the tarball's execute bit: a terminal starts on a student's Mac.
      const kit = join(prefix, 'lib', 'node_modules', `connect4-check-${assignment}`);
      for (const helper of PTY_HELPERS) expect(statSync(join(kit, helper)).mode & 0o111, helper).toBe(0o111);
    }
  }, 120_000);

  it('built with --alias, a kit answers to connect4-check too, and its README says one such kit at a time', async () => {
    const { built } = await unpackedKit('cs61a-hw04');
    expect(JSON.parse(kitPackageJson(built.data, { alias: true })).bin).toEqual({
      'connect4-check-cs61a-hw04': 'bin/connect4-check.js',
      'connect4-check': 'bin/connect4-check.js',
    });
    expect(kitReadme(built.data, { alias: true })).toContain('It answers to `connect4-check` too, which\nonly one kit at a time can have');
  });
});

/**
 * A course's pack gives its kit no more than a built-in's: its example pack with the due date ahead (so its after-due
 * tests are hidden) makes a kit with the pack's visible tests only, no case of a hidden or after-due test, and no path
 * of the instructor's machine.
 */
describe.each(ASSIGNMENT_IDS)("the kit of %s's example pack", (assignment) => {
  const folder = join(work, `pack-${assignment}`);
  mkdirSync(folder, { recursive: true });
  const text = readFileSync(join(PROJECT_ROOT, 'fixtures', 'packs', assignment, 'assignment.yml'), 'utf8').replace(/^due: .*$/mu, '');
  writeFileSync(
    join(folder, 'assignment.yml'),
    text.replace(/^extends: .*$/mu, (line) => `${line}\ndue: 2099-12-31T23:59:00Z`),
  );
  const spec = loadSpec(PROJECT_ROOT, folder);

  it('holds its visible tests only, no hidden or after-due case, and no path of this machine', async () => {
    const { files } = await unpackedKit(folder);
    const data = JSON.parse(files.get('check-data.json')!) as { spec: ResolvedSpec };
    expect(data.spec.tests.map((t) => t.id)).toEqual(spec.tests.filter((t) => t.visibility === 'visible').map((t) => t.id));
    expect(spec.tests.some((t) => t.visibility === 'after-due') || assignment === 'cs61a-hw04').toBe(true);
    const everything = [...files.values()].join('\n');
    // A hidden test whose cases a visible test runs too is said by grade lint; the example packs have none.
    expect(sharedCases(spec)).toEqual([]);
    expect(hiddenIn(spec, everything)).toEqual([]);
    expect(everything.includes(folder)).toBe(false);
    // The handout's examples a pack adds to a visible test are visible cases: the kit holds them.
    const examples = spec.tests
      .filter((t) => t.visibility === 'visible')
      .flatMap((t) => t.fixtureCases.filter((c) => c.id.includes('.example.')).map((c) => c.id));
    expect(examples.length).toBeGreaterThan(0);
    const quoted = quotedIn(everything);
    expect(examples.filter((id) => !quoted(id))).toEqual([]);
  }, 120_000);
});
