import Box from '@mui/material/Box';
import { ProjectsSidebar, SIDEBAR_WIDTH } from './projects-sidebar';
import { WorkspaceTopBar } from './workspace-top-bar';
import { ProjectsLoading, WorkspaceLayout } from './workspace-layout';

const nothing = (): void => undefined;

/**
 * The workspace as it is while its project list loads, alike for everyone: rendered at build time into the page the
 * server sends for /projects and /project/{id} (scripts/prerender.mjs), it shows before any script has run, and the
 * app's first render replaces it. It holds no one's data and cannot be used (inert); the sidebar stands in its column
 * from the width where the workspace lays it beside the main area (on a phone the app opens it as a drawer).
 */
export function WorkspaceFrame() {
  return (
    <WorkspaceLayout
      inert
      topBar={
        <WorkspaceTopBar
          loading
          sidebar={null}
          project={null}
          hasDocuments={false}
          loggingOut={false}
          onShare={nothing}
          onUpload={nothing}
          onApiKeys={nothing}
          onLogout={nothing}
        />
      }
      sidebar={
        <Box sx={{ display: { xs: 'none', md: 'block' }, width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
          <ProjectsSidebar state={{ status: 'loading' }} selectedId={null} onSelect={nothing} onCreate={nothing} onDelete={nothing} />
        </Box>
      }
    >
      <ProjectsLoading />
    </WorkspaceLayout>
  );
}
