/**
 * What the runner does for one case: harness requests in order, the ones whose replies a check reads named by an
 * `observe` key, and the same steps as Python a student can paste (`reproduce`). Built by pure functions from a
 * fixture case; the expected value stays on this side.
 */
import { formatPy, type PyValue } from '../model/py-value.js';
import type { Arg, HarnessRequest, TargetPath } from '../harness/protocol.js';

export interface Step {
  readonly request: HarnessRequest;
  /** The key a check reads this step's reply under; set-up steps have none. */
  readonly observe?: string;
  /** Python for this step, as the student would type it. */
  readonly python: string;
  /**
   * A step that exists with one kind of stand-in only. `document`: it puts (or uses) the document's version of
   * another part (doubles.py), which the student's kit does not ship; there the test runs on the student's own
   * `part` instead. `own`: what the kit does in its place (CS61A's barrier around the student's own selectors).
   */
  readonly only?: StandIns;
  /** The parts a `document` step stands in for, each with the tests that grade it, as the kit's note names them. */
  readonly parts?: readonly OwnPart[];
  /**
   * What a failing verdict says in the kit when this `document` step is left out, where the usual note naming `part`
   * would not be true (Conniption's search, which the kit judges by the document's values instead of the student's).
   */
  readonly kitNote?: string;
  /**
   * A step that changes how quickly the student's own code answers, never what it answers (the kit's remembering
   * Board). The kit keeps it; a run the grader makes on the student's own parts to show what a pasted snippet gives
   * leaves it out, so the answer and the time it takes are the ones the student will see.
   */
  readonly speedOnly?: true;
}

/** A part of the student's code a test may run on in the kit (`scoreBoard`), and the prefix of the ids of its tests. */
export interface OwnPart {
  readonly name: string;
  readonly tests: string;
}

/**
 * Which versions of the other parts a test of one part runs with: the document's (doubles.py; the grader), or the
 * student's own (the student's kit, which holds no working version of any graded part).
 */
export type StandIns = 'document' | 'own';

export interface Interaction {
  readonly steps: readonly Step[];
}

export const reproduceOf = (interaction: Interaction): string =>
  interaction.steps
    .map((s) => s.python)
    .filter(Boolean)
    .join('\n');

/**
 * The interaction as it runs with `standIns`, and what it left out: in the kit, the parts of the student's own it
 * then relies on (the ones the grader would have replaced by the document's), and the steps' own notes.
 */
export function withStandIns(interaction: Interaction, standIns: StandIns): { interaction: Interaction; left: LeftOut } {
  if (!interaction.steps.some((s) => s.only)) return { interaction, left: { own: [], notes: [] } };
  // Made once per interaction: the same object each time keeps the keys and wire forms made for it.
  const known = withStandInsMade.get(interaction)?.[standIns];
  if (known) return known;
  const made = standInsOf(interaction, standIns);
  withStandInsMade.set(interaction, { ...withStandInsMade.get(interaction), [standIns]: made });
  return made;
}

const withStandInsMade = new WeakMap<Interaction, Partial<Record<StandIns, { interaction: Interaction; left: LeftOut }>>>();

function standInsOf(interaction: Interaction, standIns: StandIns): { interaction: Interaction; left: LeftOut } {
  const steps = interaction.steps.filter((s) => s.only === undefined || s.only === standIns);
  const dropped = standIns === 'own' ? interaction.steps.filter((s) => s.only === 'document') : [];
  const own = dropped.flatMap((s) => (s.kitNote ? [] : (s.parts ?? [])));
  const notes = dropped.flatMap((s) => (s.kitNote ? [s.kitNote] : []));
  return {
    interaction: { steps },
    left: { own: own.filter((p, i) => own.findIndex((q) => q.name === p.name) === i), notes: [...new Set(notes)] },
  };
}

/** The interaction without its speedOnly steps: what the student's snippet runs when pasted. */
export function withoutSpeedOnly(interaction: Interaction): Interaction {
  return interaction.steps.some((s) => s.speedOnly) ? { steps: interaction.steps.filter((s) => !s.speedOnly) } : interaction;
}

/** What the kit left out of a case: the parts it ran on the student's own, and the notes of steps that say their own. */
export interface LeftOut {
  readonly own: readonly OwnPart[];
  readonly notes: readonly string[];
}

/** Python source for an argument. */
export function formatArg(arg: Arg): string {
  switch (arg.type) {
    case 'ref':
      return formatPath(arg.path);
    case 'list':
      return `[${arg.items.map(formatArg).join(', ')}]`;
    case 'tuple':
      return arg.items.length === 1 ? `(${formatArg(arg.items[0]!)},)` : `(${arg.items.map(formatArg).join(', ')})`;
    case 'dict':
      return `{${arg.entries.map(([k, v]) => `${formatArg(k)}: ${formatArg(v)}`).join(', ')}}`;
    default:
      return formatPy(arg);
  }
}

export function formatPath(path: TargetPath): string {
  return path.map((part, i) => (i === 0 ? String(part) : typeof part === 'number' ? `[${part}]` : `.${part}`)).join('');
}

/** A fixture's plain value as an argument. */
export function argFromPy(value: PyValue): Arg {
  if (value.type === 'list' || value.type === 'tuple') return { type: value.type, items: value.items.map(argFromPy) };
  if (value.type === 'dict') return { type: 'dict', entries: value.entries.map(([k, v]) => [argFromPy(k), argFromPy(v)] as const) };
  return value;
}

export const str = (value: string): Arg => ({ type: 'str', value });
export const int = (value: number): Arg => ({ type: 'int', value });

export function call(
  target: TargetPath,
  args: readonly Arg[],
  options: { bind?: string; observe?: string; inputs?: readonly string[]; repeat?: number; comment?: string } = {},
): Step {
  const text = `${formatPath(target)}(${args.map(formatArg).join(', ')})`;
  const typed = options.inputs && options.inputs.length > 0 ? `   # type: ${options.inputs.join(', ')}` : '';
  const python = options.repeat ? `[${text} for _ in range(${options.repeat})]` : options.bind ? `${options.bind} = ${text}` : text;
  return {
    request: {
      op: 'call',
      target,
      args,
      ...(options.bind && { bind: options.bind }),
      ...(options.inputs && { inputs: options.inputs }),
      ...(options.repeat && { repeat: options.repeat }),
    },
    ...(options.observe && { observe: options.observe }),
    python: python + typed + (options.comment ? `   # ${options.comment}` : ''),
  };
}

export function get(target: TargetPath, observe: string): Step {
  return { request: { op: 'get', target }, observe, python: formatPath(target) };
}

export function set(target: TargetPath, value: Arg, python?: string): Step {
  return { request: { op: 'set', target, value }, python: python ?? `${formatPath(target)} = ${formatArg(value)}` };
}

export function repr(target: TargetPath, observe: string): Step {
  return { request: { op: 'repr', target }, observe, python: formatPath(target) };
}

/** Whether a test (by id) is one of a part's: its id starts with the part's prefix, or is the prefix itself (`player.oppCh`). */
export const testOfPart = (id: string, part: OwnPart): boolean => id.startsWith(part.tests) || id === part.tests.replace(/\.$/u, '');

/** Whether a target (`Player.scoresFor`, `get_piece`) is a part's own code: the part itself, a method of it, or it as a method. */
export const targetOfPart = (target: string, part: OwnPart): boolean =>
  target === part.name || target.startsWith(`${part.name}.`) || target.endsWith(`.${part.name}`);
