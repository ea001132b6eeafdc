/** The look-ahead mistakes named over a class, for the class summary and the terminal. Pure. */
import type { RunResults } from '../runner/model/results.js';

/** The students per look-ahead mistake named (a student counted once per mistake, whatever the tests), the most common first. */
export function diagnosisCounts(run: RunResults): { variant: string; sentence: string; students: string[] }[] {
  const found = new Map<string, { variant: string; sentence: string; students: string[] }>();
  for (const s of run.submissions) {
    for (const d of new Map(s.tests.flatMap((t) => (t.diagnosis ? [[t.diagnosis.variant, t.diagnosis] as const] : []))).values()) {
      const entry = found.get(d.variant) ?? { variant: d.variant, sentence: d.sentence, students: [] };
      entry.students.push(s.id);
      found.set(d.variant, entry);
    }
  }
  return [...found.values()].sort((a, b) => b.students.length - a.students.length || a.variant.localeCompare(b.variant));
}
