import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { downloadReport, generateCaseSummary, generateLiabilityAnalysis, getStoredReports, reportFileName } from '../api/analysis';
import { ApiError } from '../api/http';
import type { ReportFormat, ReportKind } from '../api/types';
import { saveBlob } from './save-file';
import { ROLE_LIMITS } from '../api/members';

const SafeMarkdown = lazy(() => import('./safe-markdown'));

export const RESULT_PANEL_HEIGHT = 300;

class GenerationError extends Error {}

async function caseSummary(projectId: string): Promise<string> {
  let summary: unknown;
  try {
    summary = (await generateCaseSummary(projectId)).summary;
  } catch {
    throw new GenerationError('Failed to generate case summary.');
  }
  if (typeof summary !== 'string' || summary.trim() === '') throw new GenerationError('Failed to generate case summary.');
  return summary;
}

async function liabilityAnalysis(projectId: string): Promise<string> {
  let response;
  try {
    response = await generateLiabilityAnalysis(projectId);
  } catch (err) {
    const fromServer = err instanceof ApiError ? (err.serverMessage ?? err.detail ?? err.error) : undefined;
    throw new GenerationError(fromServer ?? 'Failed to generate liability analysis. Please try again.');
  }
  if (response?.status === 'success' && typeof response.analysis === 'string') return response.analysis;
  throw new GenerationError(response?.message || 'Failed to generate liability analysis.');
}

const DOWNLOAD_FAILURE: Record<ReportFormat, string> = {
  pdf: 'Failed to download PDF.',
  docx: 'Failed to download Word document.',
};

/** The reports of one project generated in this session, by kind, as markdown. */
export type SessionReports = Partial<Record<ReportKind, string>>;

interface ReportColumnProps {
  projectId: string;
  kind: ReportKind;
  title: string;
  generateLabel: string;
  emptyText: string;
  generate: (projectId: string) => Promise<string>;
  /** False for a viewer: the button stays, disabled, with the reason beside it. */
  canGenerate: boolean;
  /** The report generated earlier (in this session, or stored by the server), shown until a new one is generated. */
  stored?: string;
  onGenerated?: (kind: ReportKind, markdown: string) => void;
}

function ReportColumn({ projectId, kind, title, generateLabel, emptyText, generate, canGenerate, stored, onGenerated }: ReportColumnProps) {
  const [result, setResult] = useState(stored ?? '');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const [downloadError, setDownloadError] = useState('');
  const headingId = `${kind}-heading`;

  // A stored report that arrives after the panel opened fills it, unless one is already shown or being generated.
  useEffect(() => {
    if (stored) setResult((shown) => shown || stored);
  }, [stored]);

  const run = async (): Promise<void> => {
    setLoading(true);
    setError('');
    try {
      const markdown = await generate(projectId);
      setResult(markdown);
      onGenerated?.(kind, markdown);
    } catch (err) {
      setError(err instanceof GenerationError ? err.message : 'Something went wrong.');
    } finally {
      setLoading(false);
    }
  };

  const download = async (format: ReportFormat): Promise<void> => {
    setDownloading(format);
    setDownloadError('');
    try {
      const blob = await downloadReport(kind, projectId, format);
      saveBlob(blob, reportFileName(kind, projectId, format));
    } catch {
      setDownloadError(DOWNLOAD_FAILURE[format]);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Tooltip title={canGenerate ? '' : ROLE_LIMITS.generate}>
        <span>
          <Button
            variant="contained"
            onClick={() => void run()}
            disabled={loading || !canGenerate}
            startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <AutoAwesome />}
          >
            {generateLabel}
          </Button>
        </span>
      </Tooltip>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Box
        role="region"
        aria-label={`${title} result`}
        aria-busy={loading}
        tabIndex={0}
        sx={{
          mt: 2,
          height: RESULT_PANEL_HEIGHT,
          overflowY: 'auto',
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'grey.50',
        }}
      >
        {result ? (
          <Suspense fallback={<CircularProgress size={20} aria-label="Loading" />}>
            <SafeMarkdown>{result}</SafeMarkdown>
          </Suspense>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {loading ? 'Generating...' : emptyText}
          </Typography>
        )}
      </Box>
      {downloadError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {downloadError}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={downloading === 'pdf' ? <CircularProgress size={16} aria-hidden="true" /> : <PictureAsPdfOutlined />}
          disabled={!result || downloading !== null}
          onClick={() => void download('pdf')}
          aria-label={`Download PDF of the ${title.toLowerCase()}`}
        >
          Download PDF
        </Button>
        <Button
          variant="outlined"
          startIcon={downloading === 'docx' ? <CircularProgress size={16} aria-hidden="true" /> : <DescriptionOutlined />}
          disabled={!result || downloading !== null}
          onClick={() => void download('docx')}
          aria-label={`Download Word document of the ${title.toLowerCase()}`}
        >
          Download Word
        </Button>
      </Stack>
    </Paper>
  );
}

export interface AnalysisPanelProps {
  projectId: string;
  canGenerate?: boolean;
  /** The project's reports generated earlier in this session; they win over the stored ones while the server answers. */
  stored?: SessionReports;
  onGenerated?: (kind: ReportKind, markdown: string) => void;
}

/** The latest stored reports of a project (generated in another session, or by another member), loaded once. */
function useStoredReports(projectId: string): SessionReports {
  const [reports, setReports] = useState<SessionReports>({});
  useEffect(() => {
    let current = true;
    setReports({});
    getStoredReports(projectId)
      .then((found) => {
        if (current) setReports(found);
      })
      // Nothing stored can be shown: the columns keep their empty text and generating still works.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [projectId]);
  return reports;
}

export function AnalysisPanel({ projectId, canGenerate = true, stored: session = {}, onGenerated }: AnalysisPanelProps) {
  const fromServer = useStoredReports(projectId);
  const stored: SessionReports = { ...fromServer, ...session };
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReportColumn
            projectId={projectId}
            kind="case-summary"
            title="Case Summary"
            generateLabel="Generate Case Summary"
            emptyText="Generate a case summary of this project's documents to see it here."
            generate={caseSummary}
            canGenerate={canGenerate}
            stored={stored['case-summary']}
            onGenerated={onGenerated}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReportColumn
            projectId={projectId}
            kind="liability-analysis"
            title="Liability Analysis"
            generateLabel="Generate Liability Analysis"
            emptyText="Generate a liability analysis of this project's documents to see it here."
            generate={liabilityAnalysis}
            canGenerate={canGenerate}
            stored={stored['liability-analysis']}
            onGenerated={onGenerated}
          />
        </Grid>
      </Grid>
    </Box>
  );
}
