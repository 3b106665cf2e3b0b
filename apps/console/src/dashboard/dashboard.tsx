import { Box, Card, CardContent, Link, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Title, useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Schemas } from '../providers/api';
import { useDailyUsage } from './daily-usage';

const UsageCharts = lazy(() => import('./usage-charts'));

function useTotal(resource: string, filter: Record<string, unknown> = {}): number | undefined {
  const { total } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' }, filter });
  return total;
}

function StatCard({ label, value, to }: { label: string; value: number | undefined; to: string }) {
  return (
    <Card sx={{ flex: '1 1 160px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="p" variant="h4">
          {value === undefined ? <Skeleton width={48} /> : (
            <Link component={RouterLink} to={to} underline="hover" color="inherit" aria-label={`${label}: ${value}`}>
              {value}
            </Link>
          )}
        </Typography>
      </CardContent>
    </Card>
  );
}

const STATUS_LABELS = { ready: 'Ready', processing: 'Processing', queued: 'Queued', failed: 'Failed' } as const;

function DocumentsByStatus() {
  const counts = {
    ready: useTotal('documents', { status: 'ready' }),
    processing: useTotal('documents', { status: 'processing' }),
    queued: useTotal('documents', { status: 'queued' }),
    failed: useTotal('documents', { status: 'failed' }),
  };
  return (
    <Card sx={{ flex: '2 1 320px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          Documents by status
        </Typography>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 1 }}>
          {(Object.keys(STATUS_LABELS) as (keyof typeof STATUS_LABELS)[]).map((status) => (
            <Box key={status}>
              <Typography component="p" variant="h5" color={status === 'failed' && (counts.failed ?? 0) > 0 ? 'error' : 'text.primary'}>
                {counts[status] ?? '…'}
              </Typography>
              <Link component={RouterLink} to={`/documents?filter=${encodeURIComponent(JSON.stringify({ status }))}`} underline="hover" variant="body2">
                {STATUS_LABELS[status]}
              </Link>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

function NeedsAttention() {
  const { data, total } = useGetList<Schemas['AdminDocumentDto']>('documents', { pagination: { page: 1, perPage: 10 }, sort: { field: 'created_at', order: 'DESC' }, filter: { status: 'failed' } });
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6">
          Failed documents that need attention
        </Typography>
        {data && data.length === 0 ? (
          <Typography color="text.secondary">None: every document was read.</Typography>
        ) : (
          <List dense aria-label="Failed documents">
            {(data ?? []).map((document) => (
              <ListItem key={document.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/documents/${document.id}/show`}>
                      {document.filename}
                    </Link>
                  }
                  secondary={`${document.project_name} — ${document.error ?? 'failed'}`}
                />
              </ListItem>
            ))}
          </List>
        )}
        {total !== undefined && total > 10 && (
          <Link component={RouterLink} to={`/documents?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`}>
            All {total} failed documents
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function Charts() {
  const { data, error } = useDailyUsage(30);
  if (error) return <Typography color="error">{error}</Typography>;
  const placeholder = <Skeleton variant="rectangular" height={300} />;
  if (!data) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UsageCharts data={data} />
    </Suspense>
  );
}

/** People, matters, documents by state, the last 30 days' use, and what failed. */
export function Dashboard() {
  return (
    <Box component="section" aria-label="Dashboard" sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
      <Title title="Casewise console" />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <StatCard label="People" value={useTotal('users')} to="/users" />
        <StatCard label="Matters" value={useTotal('projects')} to="/projects" />
        <DocumentsByStatus />
      </Box>
      <Charts />
      <NeedsAttention />
    </Box>
  );
}
