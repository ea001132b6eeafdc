/**
 * What instructors download from their systems, read as submissions: zip files (one per student, or a whole
 * Canvas "Download Submissions" zip), Canvas's file names (`sortablename[_LATE]_userid_attachmentid_filename`) and a
 * Gradescope export folder (`submission_metadata.yml` beside one `submission_<id>/` folder each). Zips are unpacked
 * into a temporary folder that is removed when the process exits; entries that would land outside it are refused.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { unzipSync } from 'fflate';
import { createRequire } from 'node:module';
import type { StudentIdentity } from '../model/results.js';

/** Limits on what one zip may unpack to: a zip bomb is refused with a message, not followed. */
export const ZIP_LIMITS = { files: 2000, fileBytes: 8 * 1024 * 1024, totalBytes: 64 * 1024 * 1024, zipBytes: 256 * 1024 * 1024 } as const;

const unpacked = new Set<string>();
process.once('exit', () => {
  for (const dir of unpacked) rmSync(dir, { recursive: true, force: true });
});

export interface Unpacked {
  readonly dir: string;
  readonly warnings: readonly string[];
}

const IGNORED_ENTRY = /(^|\/)(__MACOSX|\.DS_Store|\._[^/]*|__pycache__)(\/|$)/u;

/** Unpacks a zip into a new temporary folder; unsafe or oversized entries are left out, each with a warning. */
export function unpackZip(zipPath: string): Unpacked {
  const warnings: string[] = [];
  const size = statSync(zipPath).size;
  if (size > ZIP_LIMITS.zipBytes)
    throw new Error(
      `${zipPath} is ${Math.round(size / 1024 / 1024)} MB, more than a class's submissions should be (${ZIP_LIMITS.zipBytes / 1024 / 1024} MB)`,
    );
  let total = 0;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(readFileSync(zipPath), {
      filter: (file) => {
        if (file.name.endsWith('/') || IGNORED_ENTRY.test(file.name)) return false;
        if (file.originalSize > ZIP_LIMITS.fileBytes) {
          warnings.push(`${zipPath}: ${file.name} left out: it unpacks to more than ${ZIP_LIMITS.fileBytes / 1024 / 1024} MB`);
          return false;
        }
        total += file.originalSize;
        count++;
        if (total > ZIP_LIMITS.totalBytes || count > ZIP_LIMITS.files)
          throw new Error(
            `${zipPath} unpacks to more than ${ZIP_LIMITS.totalBytes / 1024 / 1024} MB or ${ZIP_LIMITS.files} files; it was not read`,
          );
        return true;
      },
    });
  } catch (error) {
    throw new Error(`${zipPath} could not be read as a zip: ${(error as Error).message}`, { cause: error });
  }
  const dir = mkdtempSync(join(tmpdir(), 'grade-zip-'));
  unpacked.add(dir);
  for (const [name, data] of Object.entries(entries)) {
    const target = join(dir, name);
    if (isAbsolute(name) || name.split(/[\\/]/u).includes('..') || !target.startsWith(dir + sep)) {
      warnings.push(`${zipPath}: ${name} left out: its path leads outside the zip's folder`);
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
  return { dir, warnings };
}

export interface CanvasName {
  readonly sortableName: string;
  readonly late: boolean;
  readonly userId: string;
  readonly attachmentId: string;
  /** The file as the student named it, Canvas's `-1`, `-2` resubmission suffix removed. */
  readonly file: string;
}

const CANVAS = /^([a-z0-9]+)(_LATE)?_(\d+)_(\d+)_(.+)$/u;

/** Canvas's name for a downloaded attachment, read back; undefined for any other name. */
export function parseCanvasName(name: string): CanvasName | undefined {
  const match = CANVAS.exec(name);
  if (!match) return undefined;
  const file = match[5]!.replace(/-\d+(\.[A-Za-z0-9]+)$/u, '$1');
  return { sortableName: match[1]!, late: match[2] !== undefined, userId: match[3]!, attachmentId: match[4]!, file };
}

/** Most of the files are named as Canvas names them: the folder is a Canvas download. */
export function looksLikeCanvas(files: readonly string[]): boolean {
  const named = files.filter((f) => parseCanvasName(f));
  return named.length > 0 && named.length >= files.length / 2;
}

export interface GradescopeSubmission {
  readonly folder: string;
  readonly student: StudentIdentity;
  /** `:created_at:`, as an ISO time, when the export has it. */
  readonly submittedAt?: string;
}

/** Gradescope's `2019-04-04 17:47:18.939519000 -07:00` (or an ISO time) as ISO; undefined when unreadable. */
export function gradescopeTime(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(\.\d+)?\s*(Z|[+-]\d\d:?\d\d)$/u.exec(value.trim());
  if (!m) return undefined;
  const date = new Date(`${m[1]}T${m[2]}${m[3] ? m[3].slice(0, 4) : ''}${m[4]}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * Gradescope's export: `submission_metadata.yml` maps each `submission_<id>` folder to its submitters
 * (`:submitters: [{:name:, :sid:, :email:}]`); a group submission is named for all its members.
 */
export function readGradescopeExport(dir: string): GradescopeSubmission[] | undefined {
  const path = join(dir, 'submission_metadata.yml');
  if (!existsSync(path)) return undefined;
  // Loaded for a Gradescope export only.
  const { parse: parseYaml } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const data = parseYaml(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown>> | null;
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([folder, meta]) => {
    const submitters = (meta?.[':submitters'] ?? meta?.['submitters'] ?? []) as Record<string, unknown>[];
    const people = Array.isArray(submitters) ? submitters : [];
    const field = (person: Record<string, unknown>, key: string) => {
      const value = person[`:${key}`] ?? person[key];
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a name, SIS id or email is a YAML string or number; anything else is shown as JavaScript writes it
      return value === undefined || value === null ? undefined : String(value);
    };
    const names = people.map((p) => field(p, 'name')).filter((n): n is string => Boolean(n));
    const first = people[0] ?? {};
    const sid = field(first, 'sid');
    const email = field(first, 'email');
    const student: StudentIdentity = {
      name: names.join(' & ') || folder,
      id: folder.replace(/^submission_/u, ''),
      ...(sid && { sisId: sid }),
      ...(email && { email }),
    };
    const submittedAt = gradescopeTime(meta?.[':created_at'] ?? meta?.['created_at']);
    return existsSync(join(dir, folder)) ? [{ folder, student, ...(submittedAt && { submittedAt }) }] : [];
  });
}
