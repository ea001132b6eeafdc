/** The seed documents as tests read them: from the shared folder beside the checkout (read on first use). */
import { readSeedDocuments } from '../../runner/golden/shared-documents.js';
import type { AssignmentId } from '../../runner/model/ids.js';
import { assignmentFor } from '../../runner/assignments/registry.js';
import { SHARED } from './shared.js';

let documents: Record<string, string> | undefined;

export function allDocuments(): Record<string, string> {
  documents ??= readSeedDocuments();
  return documents;
}

/** A document's text; empty when the shared folder is absent, where the suites that read it are skipped. */
export function documentText(id: AssignmentId): string {
  return SHARED === undefined ? '' : allDocuments()[assignmentFor(id).document]!;
}
