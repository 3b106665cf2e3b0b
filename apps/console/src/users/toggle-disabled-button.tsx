import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { Schemas } from '../providers/api';

type User = Schemas['UserDto'];

/** Disable or enable the row's account, after a confirmation that says what happens. */
export function ToggleDisabledButton() {
  const user = useRecordContext<User>();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate<User>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!user) return null;
  const disabling = !user.disabled;

  const confirm = () => {
    void update(
      'users',
      { id: user.id, data: { disabled: disabling }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(disabling ? `${user.email} is disabled.` : `${user.email} is enabled again.`, { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify(error instanceof Error ? error.message : 'The change could not be saved.', { type: 'error' });
        },
      },
    );
  };

  return (
    <>
      <Button
        size="small"
        color={disabling ? 'error' : 'primary'}
        startIcon={disabling ? <BlockIcon /> : <CheckCircleIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        aria-label={`${disabling ? 'Disable' : 'Enable'} ${user.email}`}
      >
        {disabling ? 'Disable' : 'Enable'}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={disabling ? `Disable ${user.email}?` : `Enable ${user.email}?`}
        content={
          disabling
            ? 'They can no longer sign in, and their sessions and API tokens stop working at once. Their matters and history stay.'
            : 'They can sign in again with their password.'
        }
        confirm={disabling ? 'Disable' : 'Enable'}
        confirmColor={disabling ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
