import { Box } from '@mui/material';
import { DateField, Labeled, NumberField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { Schemas } from '../providers/api';

type AuditEvent = Schemas['AuditEventDto'];

function Title() {
  const event = useRecordContext<AuditEvent>();
  return <span>{event ? `Event #${event.seq}: ${event.action}` : 'Event'}</span>;
}

function Details() {
  const event = useRecordContext<AuditEvent>();
  return (
    <Box component="pre" sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {JSON.stringify(event?.details ?? {}, null, 2)}
    </Box>
  );
}

/** One event, with the hash that links it to the one before. */
export function AuditShow() {
  return (
    <Show<AuditEvent> title={<Title />}>
      <SimpleShowLayout>
        <NumberField source="seq" label="Sequence" />
        <DateField source="at" label="When" showTime />
        <TextField source="action" label="Action" />
        <TextField source="email" label="Who" emptyText="—" />
        <TextField source="actor_id" label="Actor id" emptyText="—" />
        <TextField source="target_type" label="Target type" emptyText="—" />
        <TextField source="target_id" label="Target id" emptyText="—" />
        <TextField source="ip" label="Client address" emptyText="—" />
        <Labeled label="Details">
          <Details />
        </Labeled>
        <TextField source="prev_hash" label="Previous hash" emptyText="(first event)" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
        <TextField source="hash" label="Hash" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
      </SimpleShowLayout>
    </Show>
  );
}
