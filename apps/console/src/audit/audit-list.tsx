import { AutocompleteInput, DataTable, DateInput, FilterButton, List, ReferenceInput, SimpleList, TextInput, TopToolbar } from 'react-admin';
import { formatDateTime } from '../common/dates';
import { useSmallScreen } from '../common/use-small-screen';
import type { Schemas } from '../providers/api';
import { ExportCsvButton, VerifyChainButton } from './chain-and-export';

type AuditEvent = Schemas['AuditEventDto'];

/** A picked day as the start (from) or the end (to) of that local day, so "to" includes the whole day. */
const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : undefined);
const dayEnd = (value: string) => (value ? new Date(`${value}T23:59:59.999`).toISOString() : undefined);

const filters = [
  <ReferenceInput key="actor" source="actor_id" reference="users" sort={{ field: 'email', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Actor" optionText="email" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  <TextInput key="action" source="action" label="Action" helperText='Exact, or a prefix such as "auth."' alwaysOn />,
  <DateInput key="from" source="from" label="From" parse={dayStart} />,
  <DateInput key="to" source="to" label="To" parse={dayEnd} />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <VerifyChainButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}

function target(event: AuditEvent): string {
  return event.target_type ? `${event.target_type} ${event.target_id ?? ''}`.trim() : '';
}

/** The firm's audit trail, newest first; a row opens the event with its hashes. */
export function AuditList() {
  const small = useSmallScreen();
  return (
    <List<AuditEvent> filters={filters} actions={<Actions />} sort={{ field: 'seq', order: 'DESC' }} perPage={50}>
      {small ? (
        <SimpleList<AuditEvent> primaryText={(event) => event.action} secondaryText={(event) => event.email ?? ''} tertiaryText={(event) => formatDateTime(event.at)} linkType="show" />
      ) : (
        <DataTable<AuditEvent> rowClick="show" bulkActionButtons={false}>
          <DataTable.NumberCol source="seq" label="#" />
          <DataTable.Col source="at" label="When" render={(event) => formatDateTime(event.at)} />
          <DataTable.Col source="action" label="Action" disableSort />
          <DataTable.Col source="email" label="Who" disableSort />
          <DataTable.Col label="Target" disableSort render={target} />
          <DataTable.Col source="ip" label="Address" disableSort />
        </DataTable>
      )}
    </List>
  );
}
