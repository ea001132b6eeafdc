/**
 * Every link a spec makes to its assignment's code is checked when it loads: a typo in a check, a program check, a
 * property, a target, or a test a replayed game reads is refused with the spec's file, line and column, never met
 * mid-run. And each assignment's declared names are the ones its code answers to.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS, type AssignmentId } from '../../../runner/model/ids.js';
import { assignmentFor } from '../../../runner/assignments/registry.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec, SpecError } from '../../../runner/pack/load-spec.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

/** A project root whose spec/<id>/assignment.yml is the built-in's text edited by `edit`; the fixtures are the project's. */
function rootWith(id: AssignmentId, edit: (text: string) => string): string {
  const root = temp('links-');
  mkdirSync(join(root, 'spec', id), { recursive: true });
  cpSync(join(PROJECT_ROOT, 'spec', 'schema.json'), join(root, 'spec', 'schema.json'));
  const text = readFileSync(join(PROJECT_ROOT, 'spec', id, 'assignment.yml'), 'utf8');
  const edited = edit(text);
  expect(edited).not.toBe(text);
  writeFileSync(join(root, 'spec', id, 'assignment.yml'), edited);
  symlinkSync(join(PROJECT_ROOT, 'fixtures'), join(root, 'fixtures'));
  return root;
}

function refusal(root: string, id: AssignmentId): string {
  try {
    loadSpec(root, id);
  } catch (error) {
    expect(error).toBeInstanceOf(SpecError);
    return (error as Error).message;
  }
  throw new Error('the spec loaded');
}

const lineOf = (root: string, id: string, needle: string) =>
  readFileSync(join(root, 'spec', id, 'assignment.yml'), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

describe('a typo in a link is refused at load with its place', () => {
  it.each([
    [
      'a check',
      'cs61a-hw04',
      'check: new-list\n',
      'check: new-lists\n',
      "check: no check 'new-lists' in cs61a-hw04; did you mean new-list?",
    ],
    [
      'a program check',
      'hmc-cs5-hw11',
      'check: hmc-game\n',
      'check: hmc-games\n',
      "check: no program check 'hmc-games' in hmc-cs5-hw11; did you mean hmc-game?",
    ],
    [
      'a property',
      'conniption',
      'property: conniption-defaults\n',
      'property: conniption-default\n',
      "property: no property 'conniption-default' in conniption; did you mean conniption-defaults?",
    ],
    [
      'a target',
      'manchester-connect4',
      'target: hasWon\n',
      'target: hasWin\n',
      "target: no target 'hasWin' in manchester-connect4; did you mean hasWon?",
    ],
    [
      'a file named in a title',
      'cs61a-hw04',
      'name: "{files.hw04} imports',
      'name: "{files.hw4} imports',
      'name: {files.hw4} names no file role (its roles: hw04, lab04_extra)',
    ],
    [
      'a text named in a title',
      'conniption',
      'name: "{texts.undo} goes back',
      'name: "{texts.back} goes back',
      'name: {texts.back} names no text (its texts: quit, help, display, undo)',
    ],
  ] as const)('%s', (_kind, id, from, to, message) => {
    const root = rootWith(id, (text) => text.replace(from, to));
    const said = refusal(root, id);
    expect(said).toContain(`spec/${id}/assignment.yml:${lineOf(root, id, to.trim())}:`);
    expect(said).toContain(message);
  });

  it('a test a replayed game reads, renamed in the spec', () => {
    const root = rootWith('hmc-cs5-hw11', (text) => text.replace('  player.oppCh:\n', '  player.oppCheck:\n'));
    expect(refusal(root, 'hmc-cs5-hw11')).toContain(
      "runner/assignments/hmc-cs5-hw11/links.ts: the code names test 'player.oppCh', which the spec does not have; did you mean player.oppCheck?",
    );
  });
});

describe.each(ASSIGNMENT_IDS)("%s's declared links", (id) => {
  const assignment = assignmentFor(id);
  const spec = loadSpec(PROJECT_ROOT, id);
  const someCase = spec.tests.find((t) => t.kind === 'cases')!.fixtureCases[0]!;
  const programCase = (spec.tests.find((t) => t.kind === 'program') ?? spec.tests.find((t) => t.kind === 'cases'))!.fixtureCases[0]!;
  // A name the code does not know is an internal error; any other error here comes from the empty observation.
  const answers = (run: () => unknown) => {
    try {
      const result = run();
      if (result instanceof Promise) result.catch(() => undefined);
    } catch (error) {
      return !/internal: (unknown|\S+ has no (program check|property))/u.test((error as Error).message);
    }
    return true;
  };

  it('are every check, property and target its spec names', () => {
    for (const test of spec.tests) {
      expect(assignment.links.targets).toContain(test.target);
      if (test.check) expect(test.kind === 'program' ? assignment.links.programChecks : assignment.links.checks).toContain(test.check);
      if (test.property) expect(assignment.links.properties).toContain(test.property);
    }
  });

  it('are names its code answers to, and a name it does not declare is not', () => {
    expect(answers(() => assignment.check('no-such-check', someCase, { replies: {} }, 'call()'))).toBe(false);
    expect(answers(() => assignment.property('no-such-property'))).toBe(false);
    for (const check of assignment.links.checks)
      expect(
        answers(() => assignment.check(check, someCase, { replies: {} }, 'call()')),
        check,
      ).toBe(true);
    for (const check of assignment.links.programChecks) {
      expect(
        answers(() =>
          assignment.checkProgram(
            check,
            programCase,
            {
              transcript: '',
              exitCode: 0,
              signal: undefined,
              prompts: [],
              answersSent: 0,
              askedForMore: false,
              timedOut: false,
              truncated: false,
            } as never,
            async () => ({ replies: {} }),
          ),
        ),
        check,
      ).toBe(true);
    }
    for (const property of assignment.links.properties)
      expect(
        answers(() => assignment.property(property)),
        property,
      ).toBe(true);
  });
});
