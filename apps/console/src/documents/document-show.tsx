import { Alert, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { DateField, Labeled, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { formatBytes } from '../common/sizes';
import type { Schemas } from '../providers/api';
import { RetryButton } from './retry-buttons';
import { StatusChip } from './status-chip';

type Detail = Schemas['AdminDocumentDetailDto'];

function Title() {
  const document = useRecordContext<Detail>();
  return <span>{document ? document.filename : 'Document'}</span>;
}

function ErrorText() {
  const document = useRecordContext<Detail>();
  if (!document?.error) return null;
  return (
    <Alert severity="error" sx={{ my: 1 }}>
      {document.error}
    </Alert>
  );
}

function humanKey(key: string): string {
  const text = key.replace(/_/g, ' ');
  return text[0].toUpperCase() + text.slice(1);
}

/** What the parser found: pages, characters, OCR, tables. */
function ParseReport() {
  const document = useRecordContext<Detail>();
  const report = document?.parse_report as Record<string, unknown> | null | undefined;
  if (!report) return <Typography variant="body2">No parse report: the document has not been read yet.</Typography>;
  return (
    <Table size="small" aria-label="Parse report" sx={{ maxWidth: 480 }}>
      <TableBody>
        {Object.entries(report).map(([key, value]) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row">
              {humanKey(key)}
            </TableCell>
            <TableCell>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Size() {
  const document = useRecordContext<Detail>();
  return <Typography variant="body2">{formatBytes(document?.size)}</Typography>;
}

/** One document's state, its error in full, its parse report and, when it failed, a retry. */
export function DocumentShow() {
  return (
    <Show<Detail>
      title={<Title />}
      actions={
        <TopToolbar>
          <RetryButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="filename" label="File" />
        <TextField source="project_name" label="Project" />
        <Labeled label="Status">
          <StatusChip />
        </Labeled>
        <ErrorText />
        <TextField source="type" label="Type" />
        <NumberField source="pages" label="Pages" emptyText="—" />
        <Labeled label="Size">
          <Size />
        </Labeled>
        <TextField source="uploader_email" label="Uploaded by" emptyText="—" />
        <DateField source="created_at" label="Uploaded" showTime />
        <DateField source="updated_at" label="Last change" showTime />
        <Labeled label="Parse report">
          <ParseReport />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
