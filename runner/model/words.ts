/** A message's sentences as results.json keeps them (Words): their text, and the same change made to text and data. */
import type { Words } from './results.js';

/** A message's text: its sentences, one a line. */
export const textOf = (said: readonly Words[]): string => said.map((w) => w.text).join('\n');

/** The sentences with `change` applied to every text they hold (a course's names, the workspace's path left out). */
export const rewordedWith = (said: readonly Words[], change: (text: string) => string): Words[] =>
  said.map((w) => ({
    ...w,
    text: change(w.text),
    ...(w.data && { data: Object.fromEntries(Object.entries(w.data).map(([k, v]) => [k, typeof v === 'string' ? change(v) : v])) }),
  }));
