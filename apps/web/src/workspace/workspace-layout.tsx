import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import './workspace.css';

interface WorkspaceLayoutProps {
  topBar: ReactNode;
  /** The projects sidebar in its column or drawer, left of the main area. */
  sidebar: ReactNode;
  /** The main area's content. */
  children: ReactNode;
  /** What the page holds beside its layout: dialogs, snackbars. */
  overlays?: ReactNode;
  /** A page that cannot be used yet (the frame shown before the app runs): nothing in it can be focused or clicked. */
  inert?: boolean;
}

/** The workspace's page: its backdrop, the top bar, and below it the sidebar beside the main area. */
export function WorkspaceLayout({ topBar, sidebar, children, overlays, inert }: WorkspaceLayoutProps) {
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', position: 'relative' }} inert={inert} aria-busy={inert || undefined}>
      <div className="cw-workspace-backdrop" aria-hidden="true" />
      {topBar}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', position: 'relative', zIndex: 1 }}>
        {sidebar}
        <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {children}
        </Box>
      </Box>
      {overlays}
    </Box>
  );
}

/** The main area while the project list loads. */
export function ProjectsLoading() {
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading projects" />
    </Box>
  );
}
