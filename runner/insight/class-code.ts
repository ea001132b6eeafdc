/**
 * Reads what similarity compares: each submission's Python files (capped), and the assignment's given-code
 * fingerprints when the package has them. The files side of runner/insight/similarity.ts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Submission } from '../layout/layout.js';
import { givenFingerprintsPath, type GivenFingerprints } from './given-code.js';
import { similarPairs, type SimilarityReport, type SubmissionCode } from './similarity.js';

/** A file larger than this is not read for similarity (generated data, a pasted log). */
const MAX_FILE_BYTES = 512 * 1024;

export function submissionCode(submission: Submission): SubmissionCode {
  const files = submission.files
    .filter((f) => /\.py$/iu.test(f.name))
    .flatMap((f) => {
      try {
        return statSync(f.source).size <= MAX_FILE_BYTES ? [{ name: f.name, source: readFileSync(f.source, 'utf8') }] : [];
      } catch {
        return [];
      }
    });
  return { id: submission.id, files };
}

export function givenHashes(root: string, assignment: string): number[] {
  const path = join(root, 'fixtures', givenFingerprintsPath(assignment));
  if (!existsSync(path)) return [];
  return (JSON.parse(readFileSync(path, 'utf8')) as GivenFingerprints).hashes as number[];
}

/** The similar pairs of a class, its given code left out. */
export function classSimilarity(root: string, assignment: string, submissions: readonly Submission[]): SimilarityReport {
  return similarPairs(submissions.map(submissionCode), { given: givenHashes(root, assignment) });
}
