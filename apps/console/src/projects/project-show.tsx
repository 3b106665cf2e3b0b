import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DateField, Labeled, NumberField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { formatBytes } from '../common/sizes';
import type { Schemas } from '../providers/api';
import { Walls } from './walls';

type Project = Schemas['AdminProjectDetailDto'];

function Title() {
  const project = useRecordContext<Project>();
  return <span>{project ? project.name : 'Matter'}</span>;
}

function Size() {
  const project = useRecordContext<Project>();
  return <Typography variant="body2">{formatBytes(project?.size)}</Typography>;
}

function Members() {
  const project = useRecordContext<Project>();
  if (!project) return null;
  return (
    <Table size="small" aria-label="Members">
      <TableHead>
        <TableRow>
          <TableCell>Email</TableCell>
          <TableCell>Role</TableCell>
          <TableCell>Added</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(project.members ?? []).map((member) => (
          <TableRow key={member.user_id}>
            <TableCell>{member.email}</TableCell>
            <TableCell>{member.role}</TableCell>
            <TableCell>{new Date(member.added_at).toLocaleDateString()}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A matter's metadata, its members and its walls. */
export function ProjectShow() {
  return (
    <Show<Project> title={<Title />}>
      <SimpleShowLayout>
        <TextField source="name" label="Name" />
        <TextField source="owner_email" label="Owner" />
        <NumberField source="document_count" label="Documents" />
        <Labeled label="Size">
          <Size />
        </Labeled>
        <DateField source="created_at" label="Created" showTime />
        <Labeled label="Members">
          <Members />
        </Labeled>
        <Walls />
      </SimpleShowLayout>
    </Show>
  );
}
