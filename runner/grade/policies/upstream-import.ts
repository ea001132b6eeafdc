/**
 * An import that fails because another file of the submission did not import (`from ps9pr1 import Board` once
 * ps9pr1.py could not be read, `class AIPlayer(Player)` once Player's file failed) is that file's mistake, charged by
 * its import test alone: the import tests down the chain pass, naming it.
 */
import { upstreamOf } from '../upstream-imports.js';
import type { Decision, Rule } from './policy.js';

export const judgeUpstream = (file: string, upstream: string, charger: string, asRan: string): Decision => ({
  status: 'pass',
  messageId: 'upstream',
  data: { file, upstream, charger, asRan },
});

export const upstreamImport: Rule<'test'> = {
  meta: {
    name: 'upstream-import',
    rule: "a file that did not import only because another file of the submission did not is that file's import test's to charge",
    scope: 'test',
    messages: { upstream: '{file} did not import because {upstream} did not: charged by {charger}, not again here (as it ran: {asRan})' },
  },
  judge: ({ test, record, facts }) => {
    const direct = record.direct;
    if (test.kind !== 'import' || !direct || direct.status === 'pass') return undefined;
    const where = facts.role(test.file!);
    const upstream = where?.file && where.files.length === 1 ? upstreamOf(facts, where.role, where.file) : undefined;
    return upstream ? judgeUpstream(where!.file!, upstream.file, `import.${upstream.role}`, direct.message) : undefined;
  },
};
