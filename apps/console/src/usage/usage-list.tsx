import { AutocompleteInput, DataTable, DateInput, List, ReferenceInput, SimpleList } from 'react-admin';
import { EmptyState } from '../common/empty-state';
import { useSmallScreen } from '../common/use-small-screen';
import type { Schemas } from '../providers/api';

type UsageRow = Schemas['UsageRowDto'];

const filters = [
  <ReferenceInput key="user" source="user_id" reference="users" sort={{ field: 'email', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Person" optionText="email" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

const empty = <EmptyState title="No usage yet" text="Each person's questions, uploads, pages and reports are counted here per day (UTC) from their first use." />;

/** Usage per person and per day (UTC), newest first. */
export function UsageList() {
  const small = useSmallScreen();
  return (
    <List<UsageRow> filters={filters} sort={{ field: 'day', order: 'DESC' }} perPage={50} empty={empty}>
      {small ? (
        <SimpleList<UsageRow> primaryText={(row) => `${row.day} · ${row.email}`} secondaryText={(row) => `${row.questions} questions · ${row.uploads} uploads · ${row.pages} pages`} linkType={false} />
      ) : (
        <DataTable<UsageRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="day" label="Day (UTC)" />
          <DataTable.Col source="email" label="Person" disableSort />
          <DataTable.NumberCol source="questions" label="Questions" />
          <DataTable.NumberCol source="uploads" label="Uploads" />
          <DataTable.NumberCol source="pages" label="Pages read" />
          <DataTable.NumberCol source="reports" label="Reports" />
          <DataTable.NumberCol source="input_tokens" label="Model tokens in" disableSort />
          <DataTable.NumberCol source="output_tokens" label="Model tokens out" disableSort />
        </DataTable>
      )}
    </List>
  );
}
