import { Edit, SaveButton, SelectInput, SimpleForm, TextField, Labeled, Toolbar, required, useRecordContext } from 'react-admin';
import type { Schemas } from '../providers/api';
import { ROLE_CHOICES } from './invite-dialog';

type User = Schemas['UserDto'];

function Title() {
  const user = useRecordContext<User>();
  return <span>{user ? user.email : 'Person'}</span>;
}

/** Saves only the role; disabling has its own confirmed action on the list. Nothing changes until saved. */
export function UserEdit() {
  return (
    <Edit<User> title={<Title />} mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<Toolbar><SaveButton label="Save role" /></Toolbar>}>
        <Labeled label="Email">
          <TextField source="email" />
        </Labeled>
        <SelectInput source="role" label="Role in the firm" choices={ROLE_CHOICES} validate={required()} helperText="Administrators use this console; members work on matters." />
      </SimpleForm>
    </Edit>
  );
}
