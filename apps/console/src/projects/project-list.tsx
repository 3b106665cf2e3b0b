import { DataTable, DateField, List, SearchInput, SimpleList } from 'react-admin';
import { EmptyState, openCasewise } from '../common/empty-state';
import { formatBytes } from '../common/sizes';
import { useSmallScreen } from '../common/use-small-screen';
import type { Schemas } from '../providers/api';

type Project = Schemas['AdminProjectDto'];

const filters = [<SearchInput key="q" source="q" placeholder="Search by name" alwaysOn />];

const empty = (
  <EmptyState
    title="No matters yet"
    text="Matters are created by your firm's lawyers in Casewise; they appear here with their owner, members and size."
    action={openCasewise}
  />
);

/** Every matter of the firm: metadata only, never a document's content. */
export function ProjectList() {
  const small = useSmallScreen();
  return (
    <List<Project> filters={filters} sort={{ field: 'created_at', order: 'DESC' }} empty={empty}>
      {small ? (
        <SimpleList<Project> primaryText={(row) => row.name} secondaryText={(row) => row.owner_email} tertiaryText={(row) => `${row.document_count} documents`} linkType="show" />
      ) : (
        <DataTable<Project> bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col source="owner_email" label="Owner" disableSort />
          <DataTable.NumberCol source="document_count" label="Documents" disableSort />
          <DataTable.NumberCol source="member_count" label="Members" disableSort />
          <DataTable.Col source="size" label="Size" disableSort render={(row) => formatBytes(row.size)} />
          <DataTable.Col source="created_at" label="Created">
            <DateField source="created_at" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
