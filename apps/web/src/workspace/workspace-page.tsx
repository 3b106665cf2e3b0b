import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { listFiles } from '../api/documents';
import { claimEarly, peekSettled, takeEarly } from '../api/early';
import { detailText } from '../api/errors';
import { deleteProject } from '../api/projects';
import type { Project, ReportKind } from '../api/types';
import { ROLE_LIMITS } from '../api/members';
import type { SessionReports } from './analysis-panel';
import { ChatPanel } from './chat-panel';
import type { CreateProjectFlow } from './create-project-dialog';
import { AnalysisPanel, ApiKeysDialog, CreateProjectDialog, DocumentManagerDialog, Later, ShareDialog, useOpenedOnce, usePrefetchedParts } from './later-parts';
import { ProjectsSidebar, SIDEBAR_WIDTH } from './projects-sidebar';
import { SectionTabs } from './section-tabs';
import { useProjects } from './use-projects';
import { WorkspaceTopBar } from './workspace-top-bar';
import { ProjectsLoading, WorkspaceLayout } from './workspace-layout';
import { NoProjectsWelcome, ProjectWelcome } from './welcome-states';

export const LOGOUT_DELAY_MS = 3000;

type WorkspaceTab = 'chat' | 'analysis';

interface WorkspacePageProps {
  onLogout: () => void;
}

export default function WorkspacePage({ onLogout }: WorkspacePageProps) {
  const navigate = useNavigate();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'));
  const selectedId = useMatch('/project/:projectId')?.params.projectId ?? null;
  const { state, projects, add, remove } = useProjects();
  const selectedProject = projects.find((project) => project.id === selectedId) ?? null;
  const isViewer = selectedProject?.role === 'viewer';
  const [shareOpen, setShareOpen] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);

  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [tab, setTab] = useState<WorkspaceTab>('chat');
  // The Analysis panel (its stored reports asked for, its cards rendered) is made once its tab has been opened:
  // opening a matter renders what it shows, not a panel hidden behind the chat.
  const analysisOpened = useOpenedOnce(tab === 'analysis');
  const [showProjectWelcome, setShowProjectWelcome] = useState(false);
  // Known at once when the page's early request for the project's files has answered already.
  const [earlyFiles] = useState(() => {
    const files = selectedId === null ? undefined : peekSettled<string[]>(`files:${selectedId}`);
    return files === undefined ? null : { projectId: selectedId, present: files.length > 0 };
  });
  const [hasDocuments, setHasDocuments] = useState(earlyFiles?.present ?? false);
  const earlyFilesShown = useRef(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [createFlow, setCreateFlow] = useState<CreateProjectFlow>('sidebar');
  const [documentsOpen, setDocumentsOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  // Reports generated in this session, per project: the Analysis panel is rebuilt for each project it shows.
  const [sessionReports, setSessionReports] = useState<Record<string, SessionReports>>({});
  const deletedIds = useRef(new Set<string>());
  // The dialogs are made when first opened (their code fetched after the first screen: later-parts.tsx).
  usePrefetchedParts();
  const createMade = useOpenedOnce(createOpen);
  const documentsMade = useOpenedOnce(documentsOpen);
  const shareMade = useOpenedOnce(shareOpen);
  const keysMade = useOpenedOnce(keysOpen);
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (logoutTimer.current !== null) clearTimeout(logoutTimer.current);
    },
    [],
  );

  // A project URL whose project is unknown, or whose list failed to load, leads to /.
  useEffect(() => {
    if (!selectedId || deletedIds.current.has(selectedId)) return;
    if (state.status === 'error' || (state.status === 'loaded' && !selectedProject)) void navigate('/', { replace: true });
  }, [state.status, selectedId, selectedProject, navigate]);

  const refreshDocumentsFlag = useCallback(async (projectId: string): Promise<boolean> => {
    try {
      return (await takeEarly(`files:${projectId}`, () => listFiles(projectId))).length > 0;
    } catch {
      return false;
    }
  }, []);

  useEffect(() => {
    // The first project shown, whose files the early request told: nothing to reset, nothing to ask.
    if (!earlyFilesShown.current && earlyFiles !== null && earlyFiles.projectId === selectedId) {
      earlyFilesShown.current = true;
      claimEarly(`files:${selectedId}`);
      return;
    }
    earlyFilesShown.current = true;
    setHasDocuments(false);
    setTab('chat');
    if (!selectedId) return;
    let active = true;
    void refreshDocumentsFlag(selectedId).then((present) => {
      // A transition, as the project list's: the whole page renders again for the top bar's badge.
      if (active) startTransition(() => setHasDocuments(present));
    });
    return () => {
      active = false;
    };
  }, [selectedId, refreshDocumentsFlag, earlyFiles]);

  const selectProject = (project: Project): void => {
    setShowProjectWelcome(false);
    if (compact) setSidebarOpen(false);
    if (project.id !== selectedId) void navigate(`/project/${encodeURIComponent(project.id)}`);
  };

  const handleCreated = (project: Project): void => {
    add(project);
    setCreateOpen(false);
    setShowProjectWelcome(true);
    void navigate(`/project/${encodeURIComponent(project.id)}`);
  };

  const handleDelete = async (project: Project): Promise<void> => {
    if (!window.confirm('Delete this project and all its files?')) return;
    try {
      await deleteProject(project.id);
    } catch (err) {
      setDeleteError(detailText(err) ?? 'Failed to delete project');
      return;
    }
    deletedIds.current.add(project.id);
    setSessionReports(({ [project.id]: _deleted, ...kept }) => kept);
    if (project.id === selectedId) void navigate('/projects');
    remove(project.id);
  };

  const keepReport = useCallback((projectId: string, kind: ReportKind, markdown: string): void => {
    setSessionReports((current) => ({ ...current, [projectId]: { ...current[projectId], [kind]: markdown } }));
  }, []);

  const handleDocumentsClosed = async (fileCount: number | null): Promise<void> => {
    setDocumentsOpen(false);
    if (!selectedId) return;
    const present = fileCount === null ? await refreshDocumentsFlag(selectedId) : fileCount > 0;
    setHasDocuments(present);
    if (present) {
      setShowProjectWelcome(false);
      setTab('analysis');
    }
  };

  const startLogout = (): void => {
    setLoggingOut(true);
    logoutTimer.current = setTimeout(onLogout, LOGOUT_DELAY_MS);
  };

  const openCreate = (flow: CreateProjectFlow): void => {
    setCreateFlow(flow);
    setCreateOpen(true);
  };

  const changeTab = (next: WorkspaceTab): void => {
    setTab(next);
    if (next === 'analysis') setShowProjectWelcome(false);
  };

  const noProjects = state.status === 'error' || (state.status === 'loaded' && projects.length === 0);
  const sidebar = (
    <ProjectsSidebar
      state={state}
      selectedId={selectedId}
      onSelect={selectProject}
      onCreate={() => openCreate('sidebar')}
      onDelete={(project) => void handleDelete(project)}
    />
  );

  return (
    <WorkspaceLayout
      topBar={
        <WorkspaceTopBar
          loading={state.status === 'loading'}
          sidebar={projects.length > 0 ? { open: sidebarOpen, onToggle: () => setSidebarOpen((open) => !open) } : null}
          project={selectedProject}
          hasDocuments={hasDocuments}
          loggingOut={loggingOut}
          onShare={() => setShareOpen(true)}
          onUpload={() => setDocumentsOpen(true)}
          onApiKeys={() => setKeysOpen(true)}
          onLogout={startLogout}
        />
      }
      sidebar={
        compact ? (
          <Drawer
            id="projects-sidebar"
            variant="temporary"
            open={sidebarOpen}
            onClose={() => setSidebarOpen(false)}
            // The top bar stays above the drawer (its toggle closes it), so the drawer fills the area below it: laid
            // under the bar, the sidebar's heading and plus button could not be seen or clicked. Placed in that area
            // by CSS, whatever the bar's height, it is where it belongs from the first frame (no measuring, no shift).
            disablePortal
            sx={{ position: 'absolute' }}
            slotProps={{
              // The drawer opens as a dialog on a phone: it needs a name for screen readers.
              paper: { 'aria-label': 'Projects', sx: { width: SIDEBAR_WIDTH, position: 'absolute' } },
              // Open from the first frame, as the drawer itself (MUI slides it in only when opened later): no fade,
              // whose start would make the browser lay the whole page out inside the first render's task.
              backdrop: { sx: { position: 'absolute' }, appear: false },
            }}
          >
            {sidebar}
          </Drawer>
        ) : (
          <Box
            id="projects-sidebar"
            sx={{
              width: sidebarOpen ? SIDEBAR_WIDTH : 0,
              flexShrink: 0,
              overflow: 'hidden',
              borderRight: sidebarOpen ? 1 : 0,
              borderColor: 'divider',
              transition: 'width 200ms ease',
            }}
            inert={!sidebarOpen}
          >
            {sidebar}
          </Box>
        )
      }
      overlays={
        <>
          {createMade && (
            <Later>
              <CreateProjectDialog open={createOpen} flow={createFlow} onClose={() => setCreateOpen(false)} onCreated={handleCreated} />
            </Later>
          )}
          {documentsMade && (
            <Later>
              <DocumentManagerDialog
                open={documentsOpen}
                projectId={selectedProject?.id ?? null}
                projectName={selectedProject?.name}
                onClose={(count) => void handleDocumentsClosed(count)}
              />
            </Later>
          )}
          <Snackbar
            open={deleteError !== ''}
            autoHideDuration={6000}
            onClose={() => setDeleteError('')}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          >
            <Alert severity="error" variant="filled" onClose={() => setDeleteError('')}>
              {deleteError}
            </Alert>
          </Snackbar>
          {shareMade && selectedProject && (
            <Later>
              <ShareDialog project={selectedProject} open={shareOpen} onClose={() => setShareOpen(false)} />
            </Later>
          )}
          {keysMade && (
            <Later>
              <ApiKeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
            </Later>
          )}
        </>
      }
    >
      {state.status === 'loading' && <ProjectsLoading />}
      {noProjects && <NoProjectsWelcome onCreate={() => openCreate('first')} />}
      {state.status === 'loaded' && projects.length > 0 && (
        <>
          <SectionTabs
            label="Workspace sections"
            value={tab}
            onChange={changeTab}
            tabs={[
              { value: 'chat', label: 'Chat', id: 'tab-chat', panelId: 'panel-chat' },
              { value: 'analysis', label: 'Analysis', id: 'tab-analysis', panelId: 'panel-analysis', disabled: !hasDocuments },
            ]}
          />
          <Box
            role="tabpanel"
            id="panel-chat"
            aria-labelledby="tab-chat"
            hidden={tab !== 'chat'}
            sx={{ flex: 1, minHeight: 0, display: tab === 'chat' ? 'flex' : 'none', flexDirection: 'column', overflowY: 'auto' }}
          >
            {selectedProject && showProjectWelcome ? (
              <ProjectWelcome
                projectName={selectedProject.name}
                onManageDocuments={() => setDocumentsOpen(true)}
                manageDisabledReason={isViewer ? ROLE_LIMITS.upload : undefined}
                onStartChat={() => {
                  setShowProjectWelcome(false);
                  setTab('chat');
                }}
              />
            ) : (
              <ChatPanel
                key={selectedProject?.id ?? 'none'}
                projectId={selectedProject?.id ?? null}
                projectName={selectedProject?.name}
                hasDocuments={hasDocuments}
                onAttach={() => setDocumentsOpen(true)}
              />
            )}
          </Box>
          <Box
            role="tabpanel"
            id="panel-analysis"
            aria-labelledby="tab-analysis"
            hidden={tab !== 'analysis'}
            sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
          >
            {analysisOpened && selectedProject && (
              <Later>
                <AnalysisPanel
                  key={selectedProject.id}
                  projectId={selectedProject.id}
                  canGenerate={selectedProject.role !== 'viewer'}
                  stored={sessionReports[selectedProject.id]}
                  onGenerated={(kind, markdown) => keepReport(selectedProject.id, kind, markdown)}
                />
              </Later>
            )}
          </Box>
        </>
      )}
    </WorkspaceLayout>
  );
}
