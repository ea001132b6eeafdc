/**
 * The fingerprints of what every student was given: the assignment's document, code and prose alike (prose makes
 * runs of names that code never has, so only the document's code can match a submission). Built from the seed
 * documents by `npm run fixtures` into fixtures/documents/<assignment>.fingerprints.json, hashes only, so similarity
 * needs no document at grading time. Pure.
 */
import { fingerprints, K, W } from './fingerprints.js';

export interface GivenFingerprints {
  readonly assignment: string;
  readonly k: number;
  readonly w: number;
  readonly hashes: readonly number[];
}

export function givenFingerprints(assignment: string, document: string): GivenFingerprints {
  const hashes = [...new Set(fingerprints(document).map((f) => f.hash))].sort((a, b) => a - b);
  return { assignment, k: K, w: W, hashes };
}

/** Where the file lives, under fixtures/. */
export const givenFingerprintsPath = (assignment: string): string => `documents/${assignment}.fingerprints.json`;
