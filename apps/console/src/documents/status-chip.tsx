import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AdminDocument } from './retry';

const COLORS = { failed: 'error', ready: 'success', processing: 'info', queued: 'default' } as const;

export function StatusChip() {
  const document = useRecordContext<AdminDocument>();
  if (!document) return null;
  return <Chip size="small" variant="outlined" color={COLORS[document.status]} label={document.status} />;
}
