/** Where a document is on its way from upload to searchable text. */
export type DocumentStatus = 'queued' | 'processing' | 'ready' | 'failed';

/**
 * Every move a document's status may make: queued → processing → ready | failed, with the hand-backs that
 * at-least-once jobs need. Nothing else moves a status; anything not listed is a bug and is refused.
 */
export const DOCUMENT_TRANSITIONS: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  // queued → queued: a document whose job was lost in a crash is queued again at start-up.
  // queued → failed: its job's worker died during every try, after a try had handed it back.
  queued: ['processing', 'queued', 'failed'],
  // processing → processing: a job runs again after the worker running it stopped.
  // processing → queued: a try failed in a way the next try may not, so the job hands the document back.
  processing: ['processing', 'queued', 'ready', 'failed'],
  // ready → ready: a job delivered twice saves the same content again, replacing it.
  ready: ['ready'],
  // failed → queued: a firm administrator retries a failed document (the only way out of failed).
  failed: ['queued'],
};

export function canMove(from: DocumentStatus, to: DocumentStatus): boolean {
  return DOCUMENT_TRANSITIONS[from].includes(to);
}

/** Unfinished documents still have a job coming (or lost one): the ones a start-up looks for. */
export const UNFINISHED: readonly DocumentStatus[] = ['queued', 'processing'];

export class IllegalDocumentTransitionError extends Error {
  constructor(
    readonly documentId: string,
    readonly from: DocumentStatus,
    readonly to: DocumentStatus,
  ) {
    super(`Document ${documentId} cannot move from ${from} to ${to}: allowed from ${from} is ${DOCUMENT_TRANSITIONS[from].join(', ') || 'nothing'}.`);
    this.name = 'IllegalDocumentTransitionError';
  }
}

/** Throws unless `from → to` is one of the document status machine's moves. */
export function assertTransition(documentId: string, from: DocumentStatus, to: DocumentStatus): void {
  if (!canMove(from, to)) throw new IllegalDocumentTransitionError(documentId, from, to);
}
