/**
 * Whether the shared folder beside the checkout (the seed documents, Pons's benchmark sets, the real corpus) is
 * there. Tests that need it are skipped without it, so a lone clone passes `npm test`; `test/helpers/shared-setup.ts`
 * says so once, and fails the run under CI, where the folder is always present.
 */
import { describe } from 'vitest';
import { sharedFolder } from '../../runner/golden/shared-documents.js';

function findShared(): string | undefined {
  try {
    return sharedFolder();
  } catch {
    return undefined;
  }
}

export const SHARED = findShared();

/** `describe`, skipped when the shared folder is absent. */
export const describeWithShared = describe.skipIf(SHARED === undefined);
