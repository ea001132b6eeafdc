/**
 * The calibration table: for every real submission, its score and every test it lost with the first line of the
 * message, so a person can read each lost point and ask whether it is a real deviation, charged once.
 * Pure: it reads results.json-shaped data and returns Markdown.
 */
import type { RunResults, SubmissionResult } from '../model/results.js';

export interface LostTest {
  readonly id: string;
  readonly status: string;
  readonly lost: number;
  readonly message: string;
}

/** What one submission lost, the biggest losses first. */
export function lostTests(submission: SubmissionResult): LostTest[] {
  return submission.tests
    .filter((t) => t.status !== 'pass' && t.status !== 'skipped' && t.maxScore > t.score)
    .map((t) => ({ id: t.id, status: t.status, lost: round(t.maxScore - t.score), message: firstLine(t.message) }))
    .sort((a, b) => b.lost - a.lost || a.id.localeCompare(b.id));
}

/** The verdict line pinned by the calibration test: score, then the lost test ids. */
export function verdictLine(submission: SubmissionResult): string {
  const lost = lostTests(submission)
    .map((t) => t.id)
    .sort();
  return `${round(submission.score)}/${submission.maxScore}${lost.length > 0 ? ` lost: ${lost.join(' ')}` : ''}`;
}

export function renderCalibration(results: readonly RunResults[]): string {
  const out: string[] = ['# Calibration on real student work', ''];
  for (const file of results) {
    const subs = [...file.submissions].sort((a, b) => a.id.localeCompare(b.id));
    const assignment = subs[0]?.assignment ?? 'unknown';
    out.push(`## ${assignment} (${subs.length} submissions)`, '');
    for (const s of subs) {
      out.push(`### ${s.id}: ${s.status === 'error' ? `not graded: ${s.error ?? ''}` : `${round(s.score)} / ${s.maxScore}`}`, '');
      const lost = lostTests(s);
      if (lost.length === 0) {
        out.push('Nothing lost.', '');
        continue;
      }
      out.push('| test | status | lost | first line of the message |', '| --- | --- | --- | --- |');
      for (const t of lost) out.push(`| \`${t.id}\` | ${t.status} | ${t.lost} | ${escapeCell(t.message)} |`);
      out.push('');
    }
  }
  return out.join('\n');
}

const firstLine = (text: string | undefined) =>
  (text ?? '').split('\n').find((l) => l.trim() !== '' && !/^\d+ of \d+ .* failed; the first/.test(l)) ?? '';
const escapeCell = (text: string) => text.slice(0, 300).replaceAll('|', '\\|');
const round = (n: number) => Math.round(n * 100) / 100;
