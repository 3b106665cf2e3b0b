import { DataTable, DateField, FilterButton, List, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { EmptyState, openCasewise } from '../common/empty-state';
import { formatBytes } from '../common/sizes';
import { useSmallScreen } from '../common/use-small-screen';
import { type AdminDocument } from './retry';
import { RetryAllFailedButton, RetryButton } from './retry-buttons';
import { StatusChip } from './status-chip';

export const STATUS_CHOICES = ['failed', 'processing', 'queued', 'ready'].map((status) => ({ id: status, name: status[0].toUpperCase() + status.slice(1) }));

const filters = [
  <SearchInput key="q" source="q" placeholder="Search by file name" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

const empty = (
  <EmptyState
    title="No documents yet"
    text="Documents are uploaded to matters in Casewise; here you follow their state and retry any that failed."
    action={openCasewise}
  />
);

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <RetryAllFailedButton />
    </TopToolbar>
  );
}

function truncate(text: string | null | undefined, length = 80): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** Every document of the firm, failed first (status sorts failed, processing, queued, ready). */
export function DocumentList() {
  const small = useSmallScreen();
  return (
    <List<AdminDocument> filters={filters} actions={<Actions />} sort={{ field: 'status', order: 'ASC' }} empty={empty}>
      {small ? (
        <SimpleList<AdminDocument> primaryText={(row) => row.filename} secondaryText={(row) => `${row.status} · ${row.project_name}`} tertiaryText={(row) => truncate(row.error, 40)} linkType="show" />
      ) : (
        <DataTable<AdminDocument> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="filename" label="File" />
          <DataTable.Col source="project_name" label="Project" disableSort />
          <DataTable.Col source="status" label="Status">
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col source="error" label="Error" disableSort render={(row) => truncate(row.error)} />
          <DataTable.NumberCol source="pages" label="Pages" disableSort />
          <DataTable.Col source="size" label="Size" render={(row) => formatBytes(row.size)} />
          <DataTable.Col source="uploader_email" label="Uploaded by" disableSort />
          <DataTable.Col source="created_at" label="Uploaded">
            <DateField source="created_at" showTime />
          </DataTable.Col>
          <DataTable.Col label="Actions" disableSort>
            <RetryButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
