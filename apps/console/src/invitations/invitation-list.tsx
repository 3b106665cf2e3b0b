import { Chip } from '@mui/material';
import { DataTable, DateField, List, SelectInput, SimpleList, useRecordContext } from 'react-admin';
import { EmptyState } from '../common/empty-state';
import { formatDateTime } from '../common/dates';
import { useSmallScreen } from '../common/use-small-screen';
import type { Schemas } from '../providers/api';
import { InviteActions, InviteButton } from '../users/invite-dialog';
import { ResendButton, RevokeButton } from './invitation-actions';

type Invitation = Schemas['InvitationDto'];

const STATUS_CHOICES = ['pending', 'accepted', 'revoked', 'expired'].map((status) => ({ id: status, name: status[0].toUpperCase() + status.slice(1) }));

const filters = [<SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />];

function StatusChip() {
  const invitation = useRecordContext<Invitation>();
  if (!invitation) return null;
  const color = invitation.status === 'pending' ? 'primary' : invitation.status === 'accepted' ? 'success' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={invitation.status} />;
}

const empty = <EmptyState title="No invitations yet" text="Invite a colleague: they join your firm when they sign up with the invited address." action={<InviteButton />} />;

/** Invitations with their state; pending ones can be sent again or revoked. */
export function InvitationList() {
  const small = useSmallScreen();
  return (
    <List<Invitation> filters={filters} actions={<InviteActions />} sort={{ field: 'created_at', order: 'DESC' }} empty={empty}>
      {small ? (
        <SimpleList<Invitation> primaryText={(row) => row.email} secondaryText={(row) => `${row.role} · ${row.status}`} tertiaryText={(row) => formatDateTime(row.sent_at)} linkType={false} />
      ) : (
        <DataTable<Invitation> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="email" label="Email" />
          <DataTable.Col source="role" label="Role" disableSort render={(row) => (row.role === 'admin' ? 'Administrator' : 'Member')} />
          <DataTable.Col label="Status" disableSort>
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col source="sent_at" label="Sent" disableSort render={(row) => formatDateTime(row.sent_at)} />
          <DataTable.Col source="expires_at" label="Expires" disableSort>
            <DateField source="expires_at" />
          </DataTable.Col>
          <DataTable.Col label="Actions" disableSort>
            <ResendButton />
            <RevokeButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
