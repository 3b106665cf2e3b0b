import ReplayIcon from '@mui/icons-material/Replay';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, type DataProvider, useDataProvider, useGetList, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { type AdminDocument, retryDocument } from './retry';

/** Retry for one failed document. */
export function RetryButton() {
  const document = useRecordContext<AdminDocument>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!document || document.status !== 'failed') return null;
  const retry = async () => {
    setPending(true);
    try {
      await retryDocument(document.id);
      notify(`${document.filename} is queued to be read again.`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The document could not be retried.', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={pending}
      onClick={(event) => {
        event.stopPropagation();
        void retry();
      }}
      aria-label={`Retry ${document.filename}`}
    >
      Retry
    </Button>
  );
}

/** Every failed document of the firm, page by page. */
async function allFailed(dataProvider: DataProvider): Promise<AdminDocument[]> {
  const failed: AdminDocument[] = [];
  for (let page = 1; ; page += 1) {
    const { data, total } = await dataProvider.getList<AdminDocument>('documents', { pagination: { page, perPage: 500 }, sort: { field: 'created_at', order: 'ASC' }, filter: { status: 'failed' } });
    failed.push(...data);
    if (data.length < 500 || failed.length >= (total ?? 0)) return failed;
  }
}

/** Bulk retry: every failed document of the firm, after a confirmation that says how many. */
export function RetryAllFailedButton() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { total } = useGetList<AdminDocument>('documents', { pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'ASC' }, filter: { status: 'failed' } });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const count = total ?? 0;

  const retryAll = async () => {
    setPending(true);
    try {
      const failed = await allFailed(dataProvider);
      const outcomes = await Promise.allSettled(failed.map((row) => retryDocument(row.id)));
      const queued = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (refused) notify(`${queued} of ${failed.length} queued again. ${refused.reason instanceof Error ? refused.reason.message : ''}`.trim(), { type: 'warning' });
      else notify(`${queued} ${queued === 1 ? 'document' : 'documents'} queued to be read again.`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The documents could not be retried.', { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
      refresh();
    }
  };

  return (
    <>
      <Button size="small" startIcon={<ReplayIcon />} disabled={count === 0} onClick={() => setOpen(true)}>
        Retry all failed ({count})
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={`Retry ${count} failed ${count === 1 ? 'document' : 'documents'}?`}
        content="Each is queued to be read again from its stored file. Documents that did not fail are left as they are."
        confirm="Retry"
        onConfirm={retryAll}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
