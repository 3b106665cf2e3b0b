import SendIcon from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import { DeleteWithConfirmButton, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { Schemas } from '../providers/api';

type Invitation = Schemas['InvitationDto'];

/** Mails a pending invitation again, with a new 7-day expiry. */
export function ResendButton() {
  const invitation = useRecordContext<Invitation>();
  const [update, { isPending }] = useUpdate<Invitation>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!invitation || invitation.status !== 'pending') return null;
  const resend = () =>
    update(
      'invitations',
      { id: invitation.id, data: { resend: true } as Partial<Invitation>, previousData: invitation },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`Invitation sent again to ${invitation.email}.`, { type: 'success' });
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'The invitation could not be sent.', { type: 'error' }),
      },
    );
  return (
    <Button size="small" startIcon={<SendIcon />} onClick={resend} disabled={isPending} aria-label={`Resend the invitation to ${invitation.email}`}>
      Resend
    </Button>
  );
}

/** Revokes a pending invitation after a confirmation; the address then signs up into a firm of its own. */
export function RevokeButton() {
  const invitation = useRecordContext<Invitation>();
  if (!invitation || invitation.status !== 'pending') return null;
  return (
    <DeleteWithConfirmButton
      label="Revoke"
      mutationMode="pessimistic"
      confirmTitle={`Revoke the invitation to ${invitation.email}?`}
      confirmContent="The address will no longer join your firm when it signs up."
      confirmColor="warning"
      redirect={false}
      successMessage="Invitation revoked."
      aria-label={`Revoke the invitation to ${invitation.email}`}
    />
  );
}
