/**
 * Finds a role's code by what it defines when no file has the name the assignment asks for: another semester's
 * numbering (`ps11pr1.py` holding `Board`), Python saved as `.txt`, a `Board.py` beside a `Player.py`. Pure: it
 * reads the texts it is given and never runs them.
 */

/** The names a text defines at its top level: `def name(` and `class Name`, as a parser would see them at column 0. */
export function topLevelDefinitions(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^(?:async[ \t]+def|def|class)[ \t]+([A-Za-z_][A-Za-z0-9_]*)/gmu)) names.add(match[1]!);
  return names;
}

/** Whether a file's text can be Python source at all: no NUL byte, and at least one top-level definition. */
export function looksLikePython(text: string): boolean {
  return !text.includes('\0') && topLevelDefinitions(text).size > 0;
}

export interface Candidate {
  /** The file's name in the submission. */
  readonly name: string;
  readonly defines: ReadonlySet<string>;
  /** Already the file of another role by its name (ps9pr1.py holding Board and Player). */
  readonly claimed: boolean;
}

export interface RoleNeed {
  readonly role: string;
  /** The names the role's file must define, in the spec's order; the first is what makes a file the role's. */
  readonly defines: readonly string[];
}

/** The files that serve a role by what they define, and which of its names each brings. */
export interface FoundByDefinitions {
  readonly files: readonly string[];
  readonly names: readonly string[];
}

/**
 * For each role, the fewest files that define the most of its names: first the file that defines its first name
 * and most of the others (a file no role claims by name before one that is another role's, then name order), then
 * files that add names still missing. A role whose first name no file defines is absent from the result: part 1's
 * `Board` alone is not part 2's file.
 */
export function findByDefinitions(needs: readonly RoleNeed[], candidates: readonly Candidate[]): Map<string, FoundByDefinitions> {
  const found = new Map<string, FoundByDefinitions>();
  for (const need of needs) {
    const missing = new Set(need.defines);
    const files: string[] = [];
    for (;;) {
      const best = [...candidates]
        .filter((c) => !files.includes(c.name))
        .map((c) => ({ c, covers: [...missing].filter((n) => c.defines.has(n)).length }))
        .filter((x) => x.covers > 0 && (files.length > 0 || x.c.defines.has(need.defines[0]!)))
        .sort((a, b) => b.covers - a.covers || Number(a.c.claimed) - Number(b.c.claimed) || a.c.name.localeCompare(b.c.name))[0];
      if (!best) break;
      files.push(best.c.name);
      for (const name of best.c.defines) missing.delete(name);
    }
    if (files.length > 0) found.set(need.role, { files, names: need.defines.filter((n) => !missing.has(n)) });
  }
  return found;
}

/**
 * The name a found file is imported under: its own name when it ends in `.py`, else its stem made a module name
 * (`ps9pr1.txt` → `ps9pr1.py`, `Board Class` → `Board_Class.py`), so the student's imports between files still work.
 */
export function moduleFileName(name: string): string {
  if (/\.py$/u.test(name)) return name;
  const stem = name.replace(/\.[^./]*$/u, '').replace(/[^A-Za-z0-9_]/gu, '_');
  return `${/^[0-9]/u.test(stem) ? `_${stem}` : stem || '_module'}.py`;
}
