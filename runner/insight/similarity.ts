/**
 * Pairs of submissions whose code is the same up to names, comments, whitespace and the order of functions: the
 * share of the smaller one's fingerprints (runner/insight/fingerprints.ts) the other has too. Code every student was
 * given (the document's own code) and code most of the class shares is left out first, so a pair is flagged for
 * what only the two of them have. It informs; it never changes a score. Pure.
 */
import { fingerprints } from './fingerprints.js';

export interface CodeFile {
  readonly name: string;
  readonly source: string;
}

export interface SubmissionCode {
  readonly id: string;
  readonly files: readonly CodeFile[];
}

export interface SharedRegion {
  readonly a: CodeRegion;
  readonly b: CodeRegion;
}

export interface CodeRegion {
  readonly file: string;
  readonly from: number;
  readonly to: number;
  readonly code: string;
}

export interface SimilarPair {
  readonly a: string;
  readonly b: string;
  /** Shared fingerprints over the smaller submission's, 0–1. */
  readonly score: number;
  readonly shared: number;
  /** The longest stretches of shared code, side by side. */
  readonly regions: readonly SharedRegion[];
}

export interface SimilarityOptions {
  /** Flag a pair from this score (default 0.6). */
  readonly threshold?: number;
  /** Fingerprints of code given to every student (the document's, runner/insight/given-code.ts): they never count. */
  readonly given?: Iterable<number>;
  /** Fingerprints found in more than this share of the class (and more than 4 submissions) are common code. */
  readonly commonShare?: number;
}

export interface SimilarityReport {
  readonly threshold: number;
  readonly compared: number;
  readonly pairs: readonly SimilarPair[];
}

/** Fewer shared fingerprints than this (a few functions) is too little to call a copy: small files that are mostly the
 * course's starter code otherwise pair with everyone. */
const MIN_SHARED = 30;
const MAX_REGIONS = 5;
const MAX_REGION_LINES = 40;

interface Located {
  readonly file: string;
  readonly from: number;
  readonly to: number;
}

export function similarPairs(submissions: readonly SubmissionCode[], options: SimilarityOptions = {}): SimilarityReport {
  const threshold = options.threshold ?? 0.6;
  const given = new Set(options.given ?? []);
  const prints = submissions.map((submission) => {
    const where = new Map<number, Located[]>();
    for (const file of submission.files) {
      for (const f of fingerprints(file.source)) {
        if (given.has(f.hash)) continue;
        where.set(f.hash, [...(where.get(f.hash) ?? []), { file: file.name, from: f.from, to: f.to }]);
      }
    }
    return where;
  });
  const holders = new Map<number, number[]>();
  prints.forEach((where, index) => {
    for (const hash of where.keys()) holders.set(hash, [...(holders.get(hash) ?? []), index]);
  });
  const common = Math.max(4, Math.floor((options.commonShare ?? 0.5) * submissions.length));
  const size = prints.map((where) => [...where.keys()].filter((h) => holders.get(h)!.length <= common).length);
  const sharedCounts = new Map<string, number>();
  for (const [, who] of holders) {
    if (who.length > common) continue;
    for (let i = 0; i < who.length; i++) {
      for (let j = i + 1; j < who.length; j++) {
        const key = `${who[i]}:${who[j]}`;
        sharedCounts.set(key, (sharedCounts.get(key) ?? 0) + 1);
      }
    }
  }
  const pairs: SimilarPair[] = [];
  for (const [key, shared] of sharedCounts) {
    const [i, j] = key.split(':').map(Number) as [number, number];
    const score = shared / Math.max(1, Math.min(size[i]!, size[j]!));
    if (shared < MIN_SHARED || score < threshold) continue;
    pairs.push({
      a: submissions[i]!.id,
      b: submissions[j]!.id,
      score: Math.round(score * 1000) / 1000,
      shared,
      regions: regionsOf(submissions[i]!, prints[i]!, submissions[j]!, prints[j]!, holders, common),
    });
  }
  pairs.sort(byScore);
  return { threshold, compared: submissions.length, pairs };
}

/** The most similar pair first; ties by the most shared, then by name. */
export const byScore = (
  x: Pick<SimilarPair, 'a' | 'b' | 'score' | 'shared'>,
  y: Pick<SimilarPair, 'a' | 'b' | 'score' | 'shared'>,
): number => y.score - x.score || y.shared - x.shared || (x.a + x.b < y.a + y.b ? -1 : 1);

/** Shared fingerprints grouped into stretches that run in step in both files, the longest first. */
function regionsOf(
  a: SubmissionCode,
  inA: ReadonlyMap<number, Located[]>,
  b: SubmissionCode,
  inB: ReadonlyMap<number, Located[]>,
  holders: ReadonlyMap<number, number[]>,
  common: number,
): SharedRegion[] {
  const matches = [...inA.keys()]
    .filter((hash) => inB.has(hash) && holders.get(hash)!.length <= common)
    .map((hash) => ({ a: inA.get(hash)![0]!, b: inB.get(hash)![0]! }))
    .sort((x, y) => (x.a.file < y.a.file ? -1 : x.a.file > y.a.file ? 1 : x.a.from - y.a.from));
  const stretches: { a: Located; b: Located; count: number }[] = [];
  for (const match of matches) {
    const last = stretches.at(-1);
    const inStep =
      last &&
      last.a.file === match.a.file &&
      last.b.file === match.b.file &&
      match.a.from <= last.a.to + 3 &&
      Math.abs(match.b.from - last.b.to) <= 6;
    if (inStep) {
      last.a = { ...last.a, to: Math.max(last.a.to, match.a.to) };
      last.b = { ...last.b, from: Math.min(last.b.from, match.b.from), to: Math.max(last.b.to, match.b.to) };
      last.count++;
    } else {
      stretches.push({ a: match.a, b: match.b, count: 1 });
    }
  }
  return stretches
    .sort((x, y) => y.count - x.count || x.a.from - y.a.from)
    .slice(0, MAX_REGIONS)
    .map((s) => ({ a: region(a, s.a), b: region(b, s.b) }));
}

function region(submission: SubmissionCode, where: Located): CodeRegion {
  const lines = (submission.files.find((f) => f.name === where.file)?.source ?? '').split('\n');
  const to = Math.min(where.to, where.from + MAX_REGION_LINES - 1);
  return { file: where.file, from: where.from, to, code: lines.slice(where.from - 1, to).join('\n') };
}
