/**
 * Conniption's search mistakes: the grader's (doubles.py, run on the student's own genChildStates and betterEval) and
 * the kit's table (search-mistake-table.ts, the reference's) agree on the document's code; and the naming rule names
 * a mistake only where it explains every case, never one that another explains as well.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import { someChoiceFits, type MistakeAnswers, type SeenCase } from '../../../runner/plan/lookahead-cases.js';
import { diagnoseLookahead } from '../../../runner/plan/lookahead-diagnosis.js';
import { searchMistakeAnswers } from '../../../runner/assignments/conniption/search-mistake-table.js';
import { ORDER_FREE, SEARCH_LOOKAHEAD, SEARCH_MISTAKES, moveNumber } from '../../../runner/assignments/conniption/search-mistakes.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { fixtureFiles } from '../../helpers/python-cases.js';

const CASES: readonly FixtureCase[] = fixtureFiles('conniption').find((f) => f.target === 'alpha_beta_search')!.cases;

/** doubles.py's mistaken searches on a sample's own classes, by case: its ORDER_FREE choices (unless `free` is false) and, in the same run, the search's own move and IN_ORDER choices. */
function pythonChoices(
  sample: string,
  free = true,
): Record<
  string,
  { free: Record<string, Record<string, string[]>>; move: string; inOrder: Record<string, Record<string, string[]>> | null }
> {
  const script = `
import sys, json, importlib.util
sys.path[:0] = [${JSON.stringify(join(PROJECT_ROOT, 'fixtures/submissions/conniption', sample))}, ${JSON.stringify(join(PROJECT_ROOT, 'runner/harness/python'))}]
def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec); sys.modules[name] = module; spec.loader.exec_module(module)
    return module
tools = load("grade_tools", ${JSON.stringify(join(PROJECT_ROOT, 'runner/assignments/conniption/tools.py'))})
doubles = load("conniption_doubles", ${JSON.stringify(join(PROJECT_ROOT, 'runner/assignments/conniption/doubles.py'))})
import conniption, search
out = {}
for c in json.load(sys.stdin):
    st = c["input"]["state"]
    make = lambda: conniption.Conniption(tuple(tuple(x) for x in st["board"]), st["player1Turn"], tuple(st["flipsRem"]), st["flippable"])
    s = make()
    best = search.Search().alpha_beta_search(s, c["input"]["depth"], False)
    in_order = doubles._mistaken_choices(s, c["input"]["depth"], doubles.IN_ORDER) if doubles._keeps_children(s) else None
    out[c["id"]] = {"free": doubles._mistaken_choices(make(), c["input"]["depth"], doubles.ORDER_FREE) if ${free ? 'True' : 'False'} else {}, "move": best.resMove, "inOrder": in_order}
print(json.dumps(out))
`;
  const proc = spawnSync('python3', ['-c', script], {
    input: JSON.stringify(CASES),
    encoding: 'utf8',
    env: { ...process.env, PYTHONHASHSEED: '0' },
  });
  if (proc.status !== 0) throw new Error(`python failed: ${proc.stderr}`);
  return JSON.parse(proc.stdout);
}

const numbers = (moves: readonly string[]) => moves.map((m) => moveNumber(m)!).sort((a, b) => a - b);
/** A move's text from its number (moveNumber's inverse). */
const moveText = (n: number) => `${n & 2 ? 'f' : ''}${Math.floor(n / 4)}${n & 1 ? 'f' : ''}`;

/** The seen cases of a search whose moves are given, with each mistake's answers as the grader reads them. */
function seen(moves: Readonly<Record<string, string>>, answers: (c: FixtureCase) => MistakeAnswers): SeenCase[] {
  return CASES.map((c) => {
    const actual = [moveNumber(moves[c.id]!)!];
    const expected = SEARCH_LOOKAHEAD.expectedOf!(c)!;
    return {
      id: c.id,
      position: SEARCH_LOOKAHEAD.positionOf(c)!,
      expected,
      actual,
      passed: expected.includes(actual[0]!),
      answers: answers(c),
    };
  });
}

describe("Conniption's search mistakes", () => {
  const classic = pythonChoices('correct-classic');

  it("are chosen alike by the grader's searches on the document's code and by the kit's table, on every search case", () => {
    for (const c of CASES) {
      const table = searchMistakeAnswers(c);
      for (const id of ORDER_FREE) {
        for (const rule of ['document', 'stop-at-win'] as const) {
          const python = numbers(classic[c.id]!.free[id]![rule]!);
          const kit = [...table[id]![rule]!].sort((a, b) => a - b);
          // The kit's table takes both readings of a mixed horizontal line; correct-classic's betterEval takes one.
          if (c.lenient) expect(kit, `${c.id} ${id} ${rule}`).toEqual(expect.arrayContaining(python));
          else expect(kit, `${c.id} ${id} ${rule}`).toEqual(python);
          expect(python.length, `${c.id} ${id} ${rule}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('name each mistake from the searches that make it, and nothing for the right search', () => {
    const answers = (c: FixtureCase) =>
      Object.fromEntries(
        ORDER_FREE.map((id) => [
          id,
          { document: numbers(classic[c.id]!.free[id]!.document!), 'stop-at-win': numbers(classic[c.id]!.free[id]!['stop-at-win']!) },
        ]),
      );
    const diagnose = (moves: Readonly<Record<string, string>>) =>
      diagnoseLookahead(seen(moves, answers), SEARCH_LOOKAHEAD.rules, 'choices', SEARCH_MISTAKES);
    const first = (id: string) => Object.fromEntries(CASES.map((c) => [c.id, classic[c.id]!.free[id]!.document![0]!]));
    for (const id of ORDER_FREE) {
      const moves = first(id);
      const named = diagnose(moves);
      expect(named, id).toMatchObject({
        variant: id,
        sentence: expect.stringMatching(/^Your moves are what a search /u),
        of: CASES.length,
      });
      // One passed case that the mistake would not choose: nothing is named.
      const against = CASES.find((c) => c.facts && SEARCH_LOOKAHEAD.expectedOf!(c)!.some((m) => !answers(c)[id]!.document.includes(m)))!;
      const right = SEARCH_LOOKAHEAD.expectedOf!(against)!.find((m) => !answers(against)[id]!.document.includes(m))!;
      expect(diagnose({ ...moves, [against.id]: moveText(right) }), `${id} with ${against.id} right`).toBeUndefined();
    }
    expect(diagnose(Object.fromEntries(CASES.map((c) => [c.id, classic[c.id]!.move])))).toBeUndefined();
  });

  it('name nothing where two mistakes choose alike on every case (replies-maximised and levels-swapped below depth 3)', () => {
    const shallow = CASES.filter((c) => (c.input as { depth: number }).depth <= 2);
    const answers = (c: FixtureCase) =>
      Object.fromEntries(ORDER_FREE.map((id) => [id, { document: numbers(classic[c.id]!.free[id]!.document!) }]));
    const cases = seen(
      Object.fromEntries(CASES.map((c) => [c.id, classic[c.id]!.free['replies-maximised']!.document![0]!])),
      answers,
    ).filter((c) => shallow.some((s) => s.id === c.id));
    expect(cases.some((c) => !c.passed)).toBe(true);
    expect(diagnoseLookahead(cases, ['document'], 'choices', SEARCH_MISTAKES)).toBeUndefined();
  });

  it('stop being asked once no mistake chooses the move of every case asked (someChoiceFits)', () => {
    const answers = (c: FixtureCase) =>
      Object.fromEntries(ORDER_FREE.map((id) => [id, { document: numbers(classic[c.id]!.free[id]!.document!) }]));
    const replies = seen(Object.fromEntries(CASES.map((c) => [c.id, classic[c.id]!.free['replies-maximised']!.document![0]!])), answers);
    expect(someChoiceFits([], ['document'])).toBe(true);
    expect(someChoiceFits(replies, ['document'])).toBe(true);
    // A failing move none of the mistakes would choose: nothing fits from that case on.
    const failing = replies.find((c) => !c.passed)!;
    const none = [0, 1, 2, 3, 4, 5, 6, 7]
      .flatMap((col) => [col * 4, col * 4 + 1, col * 4 + 2, col * 4 + 3])
      .find((m) => ORDER_FREE.every((id) => !failing.answers![id]!.document!.includes(m)) && !failing.expected.includes(m))!;
    expect(someChoiceFits([{ ...failing, actual: [none] }], ['document'])).toBe(false);
    expect(someChoiceFits([{ ...failing, answers: {} }], ['document'])).toBe(false);
  });

  it("reads the cut-off's choices in the run of the search itself, and only where genChildStates keeps its children", () => {
    const cutoff = pythonChoices('search-cutoff-own-bound', false);
    for (const c of CASES) expect(cutoff[c.id]!.inOrder!['cutoff-own-bound']!.document, c.id).toContain(cutoff[c.id]!.move);
    // correct-plain makes its children anew at every call: another order each time, so no cut-off is read.
    const plain = pythonChoices('correct-plain', false);
    expect(Object.values(plain).every((p) => p.inOrder === null)).toBe(true);
  });
});
