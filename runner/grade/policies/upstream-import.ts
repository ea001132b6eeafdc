/**
 * An import that fails because another file of the submission did not import (`from ps9pr1 import Board` once
 * ps9pr1.py could not be read, `class AIPlayer(Player)` once Player's file failed) is that file's mistake, charged by
 * its import test alone: the import tests down the chain pass, naming it.
 */
import type { Decision, RuleMeta } from './policy.js';

export const UPSTREAM_IMPORT: RuleMeta = {
  name: 'upstream-import',
  rule: "a file that did not import only because another file of the submission did not is that file's import test's to charge",
  messages: { upstream: '{file} did not import because {upstream} did not: charged by {charger}, not again here (as it ran: {asRan})' },
};

export const judgeUpstream = (file: string, upstream: string, charger: string, asRan: string): Decision => ({ status: 'pass', messageId: 'upstream', data: { file, upstream, charger, asRan } });
