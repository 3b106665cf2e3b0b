import { assertTransition, canMove, DOCUMENT_TRANSITIONS, type DocumentStatus, IllegalDocumentTransitionError } from './document-status';

const STATUSES: DocumentStatus[] = ['queued', 'processing', 'ready', 'failed'];

/** The moves the ingestion job, its give-up handler and the start-up re-queue make, and no others. */
const ALLOWED = new Set([
  'queued → processing',
  'queued → queued',
  'queued → failed',
  'processing → processing',
  'processing → queued',
  'processing → ready',
  'processing → failed',
  'ready → ready',
  'failed → queued',
]);

describe('document status machine', () => {
  it.each(STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const)))('%s → %s is allowed only when listed', (from, to) => {
    expect(canMove(from, to)).toBe(ALLOWED.has(`${from} → ${to}`));
  });

  it('lists every status, so a new one cannot be left without its moves', () => {
    expect(Object.keys(DOCUMENT_TRANSITIONS).sort()).toEqual([...STATUSES].sort());
  });

  it('never leaves ready for an unfinished status, and leaves failed only for the queue (a retry)', () => {
    for (const unfinished of ['queued', 'processing'] as const) expect(canMove('ready', unfinished)).toBe(false);
    expect(canMove('failed', 'processing')).toBe(false);
    expect(canMove('failed', 'queued')).toBe(true);
    expect(canMove('ready', 'failed')).toBe(false);
    expect(canMove('failed', 'ready')).toBe(false);
  });

  it('refuses an illegal move with an error naming the document, both statuses and what is allowed', () => {
    expect(() => assertTransition('doc-1', 'queued', 'ready')).toThrow(IllegalDocumentTransitionError);
    expect(() => assertTransition('doc-1', 'queued', 'ready')).toThrow('Document doc-1 cannot move from queued to ready: allowed from queued is processing, queued, failed.');
    expect(() => assertTransition('doc-2', 'failed', 'processing')).toThrow('Document doc-2 cannot move from failed to processing: allowed from failed is queued.');
  });

  it('lets a legal move through', () => {
    expect(() => assertTransition('doc-1', 'processing', 'ready')).not.toThrow();
  });
});
