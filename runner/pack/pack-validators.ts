/**
 * The schema checks of an assignment.yml, compiled once when the grader is built rather than at every start: ajv
 * compiling spec/schema.json is about a tenth of a `grade check`'s start. A compiled check is named by a hash of the
 * schema it was made from, so a changed schema (or a run from the sources) compiles its own, as before.
 */
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withAssignmentIds } from '../spec/schema-ids.js';

/** A course's assignment.yml (`extends: <id>`, spec/pack-schema.json) or a built-in's (`assignment: <id>`, every value, spec/schema.json). */
export type PackKind = 'course' | 'built-in';

const require = createRequire(import.meta.url);
/** Beside this module in dist/: the checks the build compiled. */
const COMPILED = join(dirname(fileURLToPath(import.meta.url)), 'validators');
const OPTIONS = { allErrors: true, strict: false } as const;

/** The schema a kind of pack is checked by; the built-ins' has the assignment ids filled in (runner/model/ids.ts). */
export function packSchema(root: string, kind: PackKind): object {
  const read = (name: string) => JSON.parse(readFileSync(join(root, 'spec', name), 'utf8')) as { properties?: Record<string, unknown> };
  return kind === 'course' ? read('pack-schema.json') : withAssignmentIds(read('schema.json'));
}

const fileOf = (schema: object, dir: string) =>
  join(dir, `${createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16)}.cjs`);

/** The schema's check: the one the build compiled from this very schema, else compiled now. */
export function packValidator(schema: object, dir = COMPILED): ValidateFunction {
  const compiled = fileOf(schema, dir);
  if (existsSync(compiled)) return require(compiled) as ValidateFunction;
  const { Ajv } = require('ajv') as { Ajv: typeof AjvClass };
  return new Ajv(OPTIONS).compile(schema);
}

/** Compiles both kinds' checks beside this module (the build's last step), or into `dir`; returns the files written. */
export function writePackValidators(root: string, dir = COMPILED): string[] {
  const { Ajv } = require('ajv') as { Ajv: typeof AjvClass };
  const standaloneCode = (require('ajv/dist/standalone') as { default: (ajv: AjvClass, validate: ValidateFunction) => string }).default;
  mkdirSync(dir, { recursive: true });
  return (['course', 'built-in'] as const).map((kind) => {
    const schema = packSchema(root, kind);
    const ajv = new Ajv({ ...OPTIONS, code: { source: true } });
    const file = fileOf(schema, dir);
    writeFileSync(file, standaloneCode(ajv, ajv.compile(schema)));
    return file;
  });
}
