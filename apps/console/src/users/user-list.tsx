import { Chip } from '@mui/material';
import {
  DataTable,
  DateField,
  EditButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useRecordContext,
} from 'react-admin';
import { formatDateTime } from '../common/dates';
import { useSmallScreen } from '../common/use-small-screen';
import type { Schemas } from '../providers/api';
import { InviteActions, ROLE_CHOICES } from './invite-dialog';
import { ToggleDisabledButton } from './toggle-disabled-button';

type User = Schemas['UserDto'];

const filters = [
  <SearchInput key="q" source="q" placeholder="Search by address" alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
  <NullableBooleanInput key="disabled" source="disabled" label="Disabled" />,
];

function StatusChip() {
  const user = useRecordContext<User>();
  if (!user) return null;
  if (user.disabled) return <Chip size="small" color="error" variant="outlined" label="Disabled" />;
  return <Chip size="small" variant="outlined" label={user.status === 'pending' ? 'Not verified' : 'Active'} />;
}

/** The firm's people, searched and filtered on the server. */
export function UserList() {
  const small = useSmallScreen();
  return (
    <List<User> filters={filters} actions={<InviteActions />} sort={{ field: 'created_at', order: 'DESC' }} perPage={25}>
      {small ? (
        <SimpleList<User>
          primaryText={(user) => user.email}
          secondaryText={(user) => `${user.role === 'admin' ? 'Administrator' : 'Member'} · ${user.disabled ? 'Disabled' : user.status === 'pending' ? 'Not verified' : 'Active'}`}
          tertiaryText={(user) => formatDateTime(user.last_sign_in_at, 'never signed in')}
          linkType="edit"
        />
      ) : (
        <DataTable<User> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="email" label="Email" />
          <DataTable.Col source="role" label="Role" render={(user) => (user.role === 'admin' ? 'Administrator' : 'Member')} />
          <DataTable.Col label="Status" disableSort>
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col source="last_sign_in_at" label="Last sign-in" render={(user) => formatDateTime(user.last_sign_in_at, 'never')} />
          <DataTable.Col source="created_at" label="Joined">
            <DateField source="created_at" />
          </DataTable.Col>
          <DataTable.Col label="Actions" disableSort>
            <EditButton label="Role" />
            <ToggleDisabledButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
