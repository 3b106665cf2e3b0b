import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import { ApiError } from '../api/http';
import { changeMemberRole, listMembers, type ProjectMember, removeMember, ROLE_LIMITS, shareProject, type SharedRole } from '../api/members';
import type { Project } from '../api/types';

const ROLE_NAMES: Record<ProjectMember['role'], string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

function failure(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong.';
}

export interface ShareDialogProps {
  project: Project;
  open: boolean;
  onClose: () => void;
}

/** Who has access to a matter; its owner adds people of the firm by address, changes roles and removes them. */
export function ShareDialog({ project, open, onClose }: ShareDialogProps) {
  const canManage = project.role === 'owner';
  const [members, setMembers] = useState<ProjectMember[] | null>(null);
  const [error, setError] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<SharedRole>('editor');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setMembers(null);
    setError('');
    listMembers(project.id)
      .then((found) => live && setMembers(found))
      .catch((cause: unknown) => live && setError(failure(cause)));
    return () => {
      live = false;
    };
  }, [open, project.id]);

  const act = async (action: () => Promise<ProjectMember[]>): Promise<boolean> => {
    setBusy(true);
    setError('');
    try {
      setMembers(await action());
      return true;
    } catch (cause) {
      setError(failure(cause));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (await act(() => shareProject(project.id, email.trim(), role))) setEmail('');
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">Share “{project.name}”</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {!canManage && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {ROLE_LIMITS.share}
          </Typography>
        )}
        {members === null && !error ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading members" />
          </Box>
        ) : (
          <List aria-label="People with access" dense>
            {(members ?? []).map((member) => (
              <ListItem
                key={member.user_id}
                secondaryAction={
                  canManage && member.role !== 'owner' ? (
                    <IconButton edge="end" aria-label={`Remove ${member.email}`} disabled={busy} onClick={() => void act(() => removeMember(project.id, member.user_id))}>
                      <PersonRemoveOutlined />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemText primary={member.email} />
                {canManage && member.role !== 'owner' ? (
                  <TextField
                    select
                    size="small"
                    label={`Role of ${member.email}`}
                    value={member.role}
                    disabled={busy}
                    onChange={(event) => void act(() => changeMemberRole(project.id, member.user_id, event.target.value as SharedRole))}
                    sx={{ minWidth: 120, mr: 5 }}
                  >
                    <MenuItem value="editor">Editor</MenuItem>
                    <MenuItem value="viewer">Viewer</MenuItem>
                  </TextField>
                ) : (
                  <Typography variant="body2" sx={{ mr: canManage ? 5 : 0 }}>
                    {ROLE_NAMES[member.role]}
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
        )}
        {canManage && (
          <Box component="form" onSubmit={(event) => void add(event)} sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }} aria-label="Add a person">
            <TextField label="Email of a person in your firm" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} size="small" sx={{ flex: 1, minWidth: 220 }} />
            <TextField select label="Role" value={role} onChange={(event) => setRole(event.target.value as SharedRole)} size="small" sx={{ minWidth: 120 }}>
              <MenuItem value="editor">Editor</MenuItem>
              <MenuItem value="viewer">Viewer</MenuItem>
            </TextField>
            <Button type="submit" variant="contained" disabled={busy || email.trim() === ''}>
              Share
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
