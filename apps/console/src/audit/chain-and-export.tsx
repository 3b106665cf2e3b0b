import DownloadIcon from '@mui/icons-material/Download';
import VerifiedIcon from '@mui/icons-material/VerifiedUser';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify } from 'react-admin';
import { api, type Schemas, settle } from '../providers/api';

type Verdict = Schemas['ChainVerdictDto'];

/** Recomputes the firm's hash chain on the server and says whether it holds, and where it breaks. */
export function VerifyChainButton() {
  const notify = useNotify();
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [pending, setPending] = useState(false);
  const verify = async () => {
    setPending(true);
    try {
      setVerdict(await settle(api.GET('/api/admin/audit-events/verify/')));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The chain could not be verified.', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<VerifiedIcon />} onClick={verify} disabled={pending}>
        Verify chain
      </Button>
      <Dialog open={verdict !== null} onClose={() => setVerdict(null)} aria-labelledby="verdict-title">
        <DialogTitle id="verdict-title">Audit chain</DialogTitle>
        <DialogContent>
          {verdict?.ok ? (
            <Alert severity="success">The chain holds: {verdict.count} events verified, none altered, removed or reordered.</Alert>
          ) : (
            <Alert severity="error">
              The chain is broken: {verdict?.count} events hold, then event {verdict?.first_bad_id} does not match its hash or its link.
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setVerdict(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Downloads every event matching the current filters as CSV, from the server (not just the page shown). */
export function ExportCsvButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      const blob = await settle(api.GET('/api/admin/audit-events/export.csv/', { params: { query: { filter: JSON.stringify(filterValues ?? {}) } }, parseAs: 'blob' }));
      const url = URL.createObjectURL(blob as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audit-events.csv';
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The export failed.', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={download} disabled={pending}>
      Export CSV
    </Button>
  );
}
