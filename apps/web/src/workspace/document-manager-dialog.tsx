import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { deleteFile, listDocuments, listFiles, uploadFile } from '../api/documents';
import { detailText, errorFieldText } from '../api/errors';
import type { DocumentStatus, ProjectDocument } from '../api/types';

export const STATUS_POLL_MS = 2000;

export function fileCountLabel(count: number): string {
  return count === 1 ? '1 file' : `${count} files`;
}

/** The message of one failed upload: the server's error field, else the client's message, else a default. */
export function uploadFailureMessage(err: unknown): string {
  const fromServer = errorFieldText(err);
  if (fromServer) return fromServer;
  if (err instanceof Error && err.message) return err.message;
  return 'Unknown error occurred';
}

const QUOTES: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ["'", "'"],
  ['\u201c', '\u201d'],
];

/**
 * One line of the upload failures, '{file name}: {message}'. The server's messages often name the file
 * themselves ('"scan.exe" is not a supported file type.'); the line names it once, at its start, and the
 * message says 'this file' or 'this name' instead.
 */
export function uploadFailureLine(fileName: string, message: string): string {
  let text = message.startsWith(`${fileName}: `) ? message.slice(fileName.length + 2) : message;
  for (const [open, close] of QUOTES) {
    const quoted = `${open}${fileName}${close}`;
    text = text.split(`named ${quoted}`).join('with this name').split(`name ${quoted}`).join('name').split(quoted).join('this file');
  }
  return `${fileName}: ${text.replace(/^this file/, 'This file')}`;
}

const STATUS_LABEL: Record<DocumentStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

const STATUS_COLOR: Record<DocumentStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  processing: 'info',
  ready: 'success',
  failed: 'error',
};

const isSettled = (doc: ProjectDocument): boolean => doc.status === 'ready' || doc.status === 'failed';

export interface DocumentManagerDialogProps {
  open: boolean;
  projectId: string | null;
  projectName?: string;
  /** Receives the number of files last seen, or null when the list could not be read. */
  onClose: (fileCount: number | null) => void;
}

export function DocumentManagerDialog({ open, projectId, projectName, onClose }: DocumentManagerDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<string[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [listError, setListError] = useState('');
  const [deleteError, setDeleteError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploadFailures, setUploadFailures] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<ReadonlyMap<string, ProjectDocument>>(new Map());
  const [listVersion, setListVersion] = useState(0);

  const loadFiles = useCallback(async (id: string): Promise<void> => {
    try {
      const names = await listFiles(id);
      setFiles(names);
      setListError('');
    } catch (err) {
      setListError(detailText(err) ?? 'Failed to fetch documents');
    } finally {
      setListVersion((version) => version + 1);
    }
  }, []);

  useEffect(() => {
    if (!open || !projectId) return;
    setFiles(null);
    setDeleteError('');
    setUploadFailures([]);
    setStatuses(new Map());
    setLoading(true);
    void loadFiles(projectId).finally(() => setLoading(false));
  }, [open, projectId, loadFiles]);

  // Processing status is an extension of the files list: poll it until every document has settled.
  useEffect(() => {
    if (!open || !projectId || listVersion === 0) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (): Promise<void> => {
      try {
        const documents = await listDocuments(projectId);
        if (!active) return;
        setStatuses(new Map(documents.map((doc) => [doc.filename, doc])));
        if (documents.some((doc) => !isSettled(doc))) timer = setTimeout(() => void poll(), STATUS_POLL_MS);
      } catch {
        // Without the status endpoint the list simply shows no status.
      }
    };
    void poll();
    return () => {
      active = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [open, projectId, listVersion]);

  const chooseFiles = (): void => inputRef.current?.click();

  const handleFilesChosen = async (list: FileList | null): Promise<void> => {
    const chosen = list ? Array.from(list) : [];
    if (inputRef.current) inputRef.current.value = '';
    if (chosen.length === 0 || !projectId) return;
    setUploading(true);
    setUploadFailures([]);
    const failures: string[] = [];
    for (const file of chosen) {
      try {
        await uploadFile(projectId, file);
      } catch (err) {
        failures.push(uploadFailureLine(file.name, uploadFailureMessage(err)));
        continue;
      }
      await loadFiles(projectId);
    }
    setUploadFailures(failures);
    setUploading(false);
  };

  const handleDelete = async (filename: string): Promise<void> => {
    if (!projectId || !window.confirm(`Delete document "${filename}"?`)) return;
    setDeleteError('');
    try {
      await deleteFile(projectId, filename);
      await loadFiles(projectId);
    } catch (err) {
      setDeleteError(detailText(err) ?? 'Failed to delete document');
    }
  };

  const close = (): void => {
    if (!uploading) onClose(files ? files.length : null);
  };

  const count = files?.length ?? 0;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="document-manager-title">
      <DialogTitle id="document-manager-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 6 }}>
        <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
          Document Manager
          {projectName && (
            <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ display: 'block' }}>
              {projectName}
            </Typography>
          )}
        </Box>
        {files && <Chip size="small" label={fileCountLabel(count)} />}
        <IconButton aria-label="Close" onClick={close} disabled={uploading} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Upload and manage documents for your project. We support PDF, DOCX, and TXT files.
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept="*"
          multiple
          hidden
          aria-label="Choose documents to upload"
          data-testid="document-file-input"
          onChange={(event) => void handleFilesChosen(event.target.files)}
        />
        <Button
          variant="contained"
          startIcon={uploading ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <CloudUploadOutlined />}
          onClick={chooseFiles}
          disabled={uploading || !projectId}
        >
          {uploading ? 'Uploading...' : 'Upload Documents'}
        </Button>
        {uploading && (
          <Box role="status" sx={{ mt: 2 }}>
            <LinearProgress aria-label="Uploading" />
            <Typography variant="body2" sx={{ mt: 1 }}>
              Processing your documents...
            </Typography>
          </Box>
        )}
        {uploadFailures.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            <AlertTitle>Failed to upload some files:</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {uploadFailures.map((failure, index) => (
                <li key={`${index}-${failure}`}>{failure}</li>
              ))}
            </Box>
          </Alert>
        )}
        {listError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {listError}
          </Alert>
        )}
        {deleteError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {deleteError}
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          {loading && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 2 }} role="status">
              <CircularProgress size={18} aria-hidden="true" />
              <Typography variant="body2">Loading documents...</Typography>
            </Stack>
          )}
          {!loading && files && files.length === 0 && (
            <Box sx={{ textAlign: 'center', py: 4 }}>
              <Typography color="text.secondary" gutterBottom>
                No documents added to this project yet
              </Typography>
              <Button variant="outlined" onClick={chooseFiles} disabled={uploading}>
                Add Documents
              </Button>
            </Box>
          )}
          {!loading && files && files.length > 0 && (
            <List aria-label="Documents" dense>
              {files.map((filename) => {
                const doc = statuses.get(filename);
                return (
                  <ListItem
                    key={filename}
                    divider
                    secondaryAction={
                      <IconButton edge="end" aria-label={`Delete ${filename}`} onClick={() => void handleDelete(filename)}>
                        <DeleteOutlined />
                      </IconButton>
                    }
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <InsertDriveFileOutlined aria-hidden="true" />
                    </ListItemIcon>
                    <ListItemText
                      primary={filename}
                      slotProps={{ primary: { sx: { wordBreak: 'break-word' } }, secondary: { component: 'div' } }}
                      secondary={
                        doc && (
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                            <Chip
                              size="small"
                              variant="outlined"
                              color={STATUS_COLOR[doc.status]}
                              label={STATUS_LABEL[doc.status]}
                              aria-label={`Status: ${STATUS_LABEL[doc.status]}`}
                            />
                            {doc.status === 'failed' && doc.error && (
                              <Typography variant="caption" color="error">
                                {doc.error}
                              </Typography>
                            )}
                          </Stack>
                        )
                      }
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={uploading}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
