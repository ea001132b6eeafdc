/**
 * Test names and hints that say a file's name or a fixed text say it as the spec grading them has it: the built-in
 * writes `{files.ps9pr1}` and `{texts.prompt}` where its titles name them ("{files.ps9pr1} imports without running…",
 * "next_move prompts '{texts.prompt}'"), and each is filled in from the spec as loaded, so a course's pack that
 * renames the files (`board.py`) or rewords a prompt (`Column? `) is what its students read. A pack's own hints may
 * use them too. Pure.
 */
import type { ResolvedSpec, Spec, SpecFileRole, SpecText } from '../model/spec-types.js';
import { withTests } from './with-tests.js';

const PLACEHOLDER = /\{(files|texts)\.([A-Za-z0-9_-]+)\}/gu;

/** A role's file as a title says it: its first name, a pattern's `*` said as `<name>` (connect4_<name>.py). */
const fileShown = (file: SpecFileRole): string => file.names[0]!.replaceAll('*', '<name>');

/** `text` with each placeholder filled in; one naming no role or text of the spec is left as written. */
export function filledIn(text: string, files: readonly SpecFileRole[], texts: Readonly<Record<string, SpecText>> | undefined): string {
  return text.replace(PLACEHOLDER, (whole, section: string, key: string) => {
    if (section === 'files') {
      const file = files.find((f) => f.role === key);
      return file ? fileShown(file) : whole;
    }
    return texts?.[key]?.text ?? whole;
  });
}

/** The placeholders in `text` that name no file role or text of the spec, each with what it could name. */
export function unknownPlaceholders(text: string, spec: Pick<Spec, 'files' | 'texts'>): string[] {
  return [...text.matchAll(PLACEHOLDER)].flatMap(([whole, section, key]) => {
    if (section === 'files')
      return spec.files.some((f) => f.role === key)
        ? []
        : [`${whole} names no file role (its roles: ${spec.files.map((f) => f.role).join(', ')})`];
    const keys = Object.keys(spec.texts ?? {});
    return keys.includes(key!) ? [] : [`${whole} names no text (${keys.length > 0 ? `its texts: ${keys.join(', ')}` : 'it fixes none'})`];
  });
}

/** The spec with every test's name and hint filled in from its own files and texts. */
export function withTitles(spec: ResolvedSpec): ResolvedSpec {
  const fill = (text: string) => filledIn(text, spec.files, spec.texts);
  const tests = spec.tests.map((t) => ({ ...t, name: fill(t.name), ...(t.hint !== undefined && { hint: fill(t.hint) }) }));
  return withTests(spec, tests);
}
