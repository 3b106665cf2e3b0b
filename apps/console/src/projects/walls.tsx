import AddIcon from '@mui/icons-material/Add';
import { Box, Button, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { AutocompleteInput, Confirm, Form, ReferenceInput, required, SaveButton, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api, type Schemas, settle } from '../providers/api';

type Project = Schemas['AdminProjectDetailDto'];
type Wall = Schemas['WallDto'];

function RemoveWall({ project, wall }: { project: Project; wall: Wall }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const remove = async () => {
    setPending(true);
    try {
      await settle(api.DELETE('/api/admin/projects/{id}/walls/{userId}/', { params: { path: { id: project.id, userId: wall.user_id } } }));
      notify(`${wall.email} is no longer walled off ${project.name}.`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The wall could not be removed.', { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} aria-label={`Remove the wall for ${wall.email}`}>
        Remove
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={`Remove the wall for ${wall.email}?`}
        content={`${wall.email} will see ${project.name} again if they are a member of it.`}
        confirm="Remove wall"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The people walled off this matter: they cannot see it, whatever their role on it. */
export function Walls() {
  const project = useRecordContext<Project>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [adding, setAdding] = useState(false);
  if (!project) return null;
  // Until the detail arrives, the record may be the list's row, which has no walls.
  const walls = project.walls ?? [];

  const add = async (values: { user_id?: string }) => {
    if (!values.user_id) return;
    setAdding(true);
    try {
      await settle(api.POST('/api/admin/projects/{id}/walls/', { params: { path: { id: project.id } }, body: { user_id: values.user_id } }));
      notify(`Walled off ${project.name}.`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The wall could not be added.', { type: 'error' });
    } finally {
      setAdding(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="walls-title" sx={{ mt: 3 }}>
      <Typography id="walls-title" component="h2" variant="h6">
        Ethical walls
      </Typography>
      {walls.length === 0 ? (
        <Typography color="text.secondary">Nobody is walled off this matter.</Typography>
      ) : (
        <MuiList dense aria-label="Walled-off people">
          {walls.map((wall) => (
            <ListItem key={wall.user_id} secondaryAction={<RemoveWall project={project} wall={wall} />}>
              <ListItemText primary={wall.email} secondary={`since ${new Date(wall.added_at).toLocaleDateString()}`} />
            </ListItem>
          ))}
        </MuiList>
      )}
      <Form onSubmit={add} record={{}}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', maxWidth: 560 }}>
          <ReferenceInput source="user_id" reference="users" sort={{ field: 'email', order: 'ASC' }}>
            <AutocompleteInput label="Wall off a person" optionText="email" filterToQuery={(q: string) => ({ q })} validate={required()} sx={{ minWidth: 300 }} />
          </ReferenceInput>
          <SaveButton label="Add wall" icon={<AddIcon />} disabled={adding} alwaysEnable sx={{ mt: 1 }} />
        </Box>
      </Form>
    </Box>
  );
}
