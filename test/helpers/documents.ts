/** The seed documents as tests read them: from the shared folder beside the checkout. */
import { readSeedDocuments } from '../../runner/fixtures/shared-documents.js';
import { DOCUMENTS, type DocumentKey } from '../../runner/fixtures/build-context.js';

const documents = readSeedDocuments();

export function documentText(key: DocumentKey): string {
  return documents[DOCUMENTS[key]]!;
}

export function allDocuments(): Record<string, string> {
  return documents;
}
