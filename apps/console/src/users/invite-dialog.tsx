import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { email, FilterButton, Form, required, SaveButton, SelectInput, TextInput, TopToolbar, useCreate, useNotify, useRefresh } from 'react-admin';

export const ROLE_CHOICES = [
  { id: 'member', name: 'Member' },
  { id: 'admin', name: 'Administrator' },
];

interface InviteValues {
  email: string;
  role: 'admin' | 'member';
}

/** "Invite" opens a form; the invitation is mailed and appears under Invitations. */
export function InviteButton() {
  const [open, setOpen] = useState(false);
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();

  const submit = async (values: Partial<InviteValues>) => {
    await create(
      'invitations',
      { data: { email: values.email?.trim(), role: values.role } },
      {
        onSuccess: () => {
          setOpen(false);
          notify(`Invitation sent to ${values.email?.trim()}.`, { type: 'success' });
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'The invitation could not be sent.', { type: 'error' }),
      },
    );
  };

  return (
    <>
      <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
        Invite
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="invite-title" fullWidth maxWidth="xs">
        <Form<InviteValues> defaultValues={{ email: '', role: 'member' }} onSubmit={submit}>
          <DialogTitle id="invite-title">Invite a person</DialogTitle>
          <DialogContent>
            <TextInput source="email" label="Email" type="email" validate={[required(), email()]} fullWidth autoFocus />
            <SelectInput source="role" label="Role" choices={ROLE_CHOICES} validate={required()} fullWidth />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <SaveButton label="Send invitation" icon={<PersonAddIcon />} disabled={isPending} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** The list toolbar of people and of invitations: filters, and Invite. */
export function InviteActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <InviteButton />
    </TopToolbar>
  );
}
