import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorFieldText } from '../api/errors';
import { createProject } from '../api/projects';
import type { Project } from '../api/types';

export const DESCRIPTION_MAX_LENGTH = 200;

/** `sidebar`: opened from the sidebar's plus button; `first`: opened from the no-projects welcome state. */
export type CreateProjectFlow = 'sidebar' | 'first';

export interface CreateProjectDialogProps {
  open: boolean;
  flow: CreateProjectFlow;
  onClose: () => void;
  onCreated: (project: Project) => void;
}

function CreateProjectForm({ flow, onClose, onCreated }: Omit<CreateProjectDialogProps, 'open'>) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = name.trim() === '';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (blank) {
      setTouched(true);
      return;
    }
    setError('');
    setSaving(true);
    try {
      const project = await createProject({ name: name.trim(), description: flow === 'first' ? description : '' });
      onCreated(project);
    } catch (err) {
      setError(errorFieldText(err) ?? 'Failed to create project');
      setSaving(false);
    }
  };

  const titleId = `create-project-title-${flow}`;
  return (
    <form onSubmit={(event) => void handleSubmit(event)} aria-labelledby={titleId} noValidate>
      <DialogTitle id={titleId}>{flow === 'first' ? 'Create New Project' : 'Create new project'}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Projects keep related files and instructions in one place, so every answer draws on the right documents.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <TextField
          label="Project name"
          id="project-name"
          name="name"
          placeholder="E.g. Legal Document Analysis"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={touched && blank}
          helperText={touched && blank ? 'Project name is required' : undefined}
          autoFocus
          required
          fullWidth
          margin="dense"
          disabled={saving}
        />
        {flow === 'first' && (
          <TextField
            label="Description (optional)"
            id="project-description"
            name="description"
            value={description}
            onChange={(event) => setDescription(event.target.value.slice(0, DESCRIPTION_MAX_LENGTH))}
            multiline
            minRows={2}
            fullWidth
            margin="dense"
            disabled={saving}
            helperText={`${description.length}/${DESCRIPTION_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX_LENGTH } }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={blank || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
        >
          Create project
        </Button>
      </DialogActions>
    </form>
  );
}

export function CreateProjectDialog({ open, flow, onClose, onCreated }: CreateProjectDialogProps) {
  // A new key after each closing gives the next opening an empty form.
  const [formKey, setFormKey] = useState(0);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`create-project-title-${flow}`}
      slotProps={{ transition: { onExited: () => setFormKey((key) => key + 1) } }}
    >
      <CreateProjectForm key={formKey} flow={flow} onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}
