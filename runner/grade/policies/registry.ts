/**
 * Every fairness rule, in the order they act: the charge phase (charge.ts) walks this list and nothing else. Within a
 * scope a rule sees what the rules before it decided. docs/strictness.md lists the rules in this order, one row each
 * (test/runner/grade/policies/registry.test.ts holds the two together).
 *
 * Each failing unit (until one passes it):  one-rule, document-silent, charged-elsewhere, own-parts,
 *                                           messages-elsewhere, crash-once, kit-blame
 * A test's units together:                  charged-once
 * The test's verdict:                       template-stub, decided-later, upstream-import, start-once,
 *                                           own-lookahead, game-replay, own-answer, quick-players, hung-target
 */
import { chargedElsewhere } from './charged-elsewhere.js';
import { chargedOnce } from './charged-once.js';
import { crashOnce } from './crash-once.js';
import { decidedLater } from './decided-later.js';
import { documentSilent } from './document-silent.js';
import { gameReplay } from './game-replay.js';
import { hungTarget } from './hung-target.js';
import { kitBlame } from './kit-blame.js';
import { messagesElsewhere } from './messages-elsewhere.js';
import { oneRule } from './one-rule.js';
import { ownAnswerRule } from './own-answer.js';
import { ownLookahead } from './own-lookahead.js';
import { ownParts } from './own-parts.js';
import type { AnyRule } from './policy.js';
import { quickPlayers } from './quick-players.js';
import { startOnce } from './start-once.js';
import { templateStub } from './template-stub.js';
import { upstreamImport } from './upstream-import.js';

export const RULES: readonly AnyRule[] = [
  oneRule,
  documentSilent,
  chargedElsewhere,
  ownParts,
  messagesElsewhere,
  crashOnce,
  kitBlame,
  chargedOnce,
  templateStub,
  decidedLater,
  upstreamImport,
  startOnce,
  ownLookahead,
  gameReplay,
  ownAnswerRule,
  quickPlayers,
  hungTarget,
];
