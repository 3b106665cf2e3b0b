import { Chip } from '@mui/material';
import { AutocompleteInput, DataTable, DeleteWithConfirmButton, List, ReferenceInput, SimpleList, useRecordContext } from 'react-admin';
import { EmptyState } from '../common/empty-state';
import { formatDateTime } from '../common/dates';
import { useSmallScreen } from '../common/use-small-screen';
import type { Schemas } from '../providers/api';

type FirmApiKey = Schemas['FirmApiKeyDto'];

const filters = [
  <ReferenceInput key="user" source="user_id" reference="users" sort={{ field: 'email', order: 'ASC' }} alwaysOn>
    <AutocompleteInput label="Owner" optionText="email" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 260 }} />
  </ReferenceInput>,
];

function StatusChip() {
  const key = useRecordContext<FirmApiKey>();
  if (!key) return null;
  return <Chip size="small" variant="outlined" color={key.status === 'active' ? 'success' : 'default'} label={key.status} />;
}

/** Revokes an active key after a confirmation; the script using it is refused from its next request. */
function RevokeKeyButton() {
  const key = useRecordContext<FirmApiKey>();
  if (!key || key.status !== 'active') return null;
  return (
    <DeleteWithConfirmButton
      label="Revoke"
      mutationMode="pessimistic"
      confirmTitle={`Revoke the key “${key.name}” of ${key.email}?`}
      confirmContent="Scripts and integrations using it are refused from their next request. This cannot be undone."
      confirmColor="warning"
      redirect={false}
      successMessage="API key revoked."
      aria-label={`Revoke the key ${key.name} of ${key.email}`}
    />
  );
}

const empty = <EmptyState title="No API keys yet" text="People create API keys for their scripts under API keys in Casewise's account menu; every key of the firm shows here." />;

/** Every API key of the firm: owner, scope, state and last use; an administrator may revoke any. */
export function ApiKeyList() {
  const small = useSmallScreen();
  return (
    <List<FirmApiKey> filters={filters} sort={{ field: 'created_at', order: 'DESC' }} empty={empty}>
      {small ? (
        <SimpleList<FirmApiKey> primaryText={(key) => key.name} secondaryText={(key) => `${key.email} · ${key.scope} · ${key.status}`} tertiaryText={(key) => formatDateTime(key.last_used_at, 'never used')} linkType={false} />
      ) : (
        <DataTable<FirmApiKey> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="Name" disableSort />
          <DataTable.Col source="email" label="Owner" disableSort />
          <DataTable.Col source="scope" label="Scope" disableSort />
          <DataTable.Col label="Status" disableSort>
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col source="last_used_at" label="Last used" disableSort render={(key) => (key.last_used_at ? `${formatDateTime(key.last_used_at)} from ${key.last_used_ip ?? '?'}` : 'never')} />
          <DataTable.Col source="expires_at" label="Expires" disableSort render={(key) => formatDateTime(key.expires_at, 'never')} />
          <DataTable.Col source="created_at" label="Created" render={(key) => formatDateTime(key.created_at)} />
          <DataTable.Col label="Actions" disableSort>
            <RevokeKeyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
