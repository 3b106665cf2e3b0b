import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ApiKey, type ApiKeyScope, type CreatedApiKey, createApiKey, listApiKeys, revokeApiKey } from '../api/api-keys';
import { ApiError } from '../api/http';

function failure(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong.';
}

function describe(key: ApiKey): string {
  const scope = key.scope === 'read' ? 'read only' : 'read and write';
  const used = key.last_used_at ? `last used ${new Date(key.last_used_at).toLocaleString()}` : 'never used';
  const expiry = key.expires_at ? `, expires ${new Date(key.expires_at).toLocaleDateString()}` : '';
  return `${scope} · ${key.status} · ${used}${expiry}`;
}

/** The person's API keys for scripts and the casewise command line: create (shown once), list, revoke. */
export interface ApiKeysDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ApiKeysDialog({ open, onClose }: ApiKeysDialogProps) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read-write');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setKeys(null);
    setError('');
    setCreated(null);
    listApiKeys()
      .then((found) => live && setKeys(found))
      .catch((cause: unknown) => live && setError(failure(cause)));
    return () => {
      live = false;
    };
  }, [open]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const key = await createApiKey(name.trim(), scope);
      setCreated(key);
      setName('');
      setKeys(await listApiKeys());
    } catch (cause) {
      setError(failure(cause));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (key: ApiKey) => {
    setBusy(true);
    setError('');
    try {
      await revokeApiKey(key.id);
      setKeys(await listApiKeys());
    } catch (cause) {
      setError(failure(cause));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="api-keys-title" fullWidth maxWidth="sm">
      <DialogTitle id="api-keys-title">API keys</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A key lets a script or the casewise command line act as you, never beyond what you may do. A read-only key can only read.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {created && (
          <Alert severity="success" sx={{ mb: 2 }}>
            <Typography variant="body2">Copy the key “{created.name}” now: it is shown only once.</Typography>
            <Box component="code" aria-label="New API key" sx={{ display: 'block', mt: 1, wordBreak: 'break-all', fontSize: 13 }}>
              {created.key}
            </Box>
          </Alert>
        )}
        <Box component="form" onSubmit={create} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
          <TextField label="Key name" value={name} onChange={(event) => setName(event.target.value)} required size="small" sx={{ flex: '1 1 200px' }} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField select label="Access" value={scope} onChange={(event) => setScope(event.target.value as ApiKeyScope)} size="small" sx={{ minWidth: 160 }}>
            <MenuItem value="read-write">Read and write</MenuItem>
            <MenuItem value="read">Read only</MenuItem>
          </TextField>
          <Button type="submit" variant="contained" disabled={busy || name.trim() === ''}>
            Create key
          </Button>
        </Box>
        {keys === null && !error && <Typography variant="body2">Loading…</Typography>}
        {keys?.length === 0 && <Typography variant="body2">You have no API keys.</Typography>}
        {keys && keys.length > 0 && (
          <List dense aria-label="Your API keys">
            {keys.map((key) => (
              <ListItem
                key={key.id}
                secondaryAction={
                  key.status === 'active' ? (
                    <Button size="small" color="error" onClick={() => setConfirming(key)} aria-label={`Revoke ${key.name}`} disabled={busy}>
                      Revoke
                    </Button>
                  ) : null
                }
              >
                <ListItemText primary={key.name} secondary={describe(key)} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="revoke-key-title">
        <DialogTitle id="revoke-key-title">Revoke “{confirming?.name}”?</DialogTitle>
        <DialogContent>
          <Typography variant="body2">Scripts using this key are refused from their next request. This cannot be undone.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button color="error" onClick={() => confirming && void revoke(confirming)} disabled={busy}>
            Revoke
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
