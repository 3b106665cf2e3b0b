import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { ROLE_LIMITS } from '../api/members';
import type { Project, ProjectRole } from '../api/types';

/** The badge a shared project shows: the person's role on it. */
const ROLE_BADGES: Record<ProjectRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

/** Out of sight, still read out by screen readers. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * A button that shows its icon alone below a breakpoint (its label hidden there) is as narrow as an icon button
 * there: at a text button's width, four of them left the title too little room on a phone ("AI Assistant" wrapped,
 * the bar grew by 6 px, and the badge was cut to "D…").
 */
const iconOnlyBelow = (breakpoint: 'sm' | 'md') => ({
  minWidth: { xs: 40, [breakpoint]: 64 },
  '& .MuiButton-startIcon': { ml: { xs: 0, [breakpoint]: '-4px' }, mr: { xs: 0, [breakpoint]: 1 } },
});

export interface WorkspaceTopBarProps {
  /** The project list is still loading: the sidebar toggle's place is kept, so the title does not move once it comes. */
  loading: boolean;
  /** The sidebar toggle, shown when there are projects to list. */
  sidebar: { open: boolean; onToggle: () => void } | null;
  project: Project | null;
  hasDocuments: boolean;
  loggingOut: boolean;
  onShare: () => void;
  onUpload: () => void;
  onApiKeys: () => void;
  onLogout: () => void;
}

export function WorkspaceTopBar({ loading, sidebar, project, hasDocuments, loggingOut, onShare, onUpload, onApiKeys, onLogout }: WorkspaceTopBarProps) {
  const isViewer = project?.role === 'viewer';
  return (
    <AppBar position="relative" elevation={1} sx={{ zIndex: (muiTheme) => muiTheme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {loading && <Box aria-hidden="true" sx={{ width: 40, height: 40, ml: '-12px', flexShrink: 0 }} />}
        {sidebar && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={sidebar.open ? 'Hide projects' : 'Show projects'}
            aria-expanded={sidebar.open}
            aria-controls="projects-sidebar"
            onClick={sidebar.onToggle}
          >
            {sidebar.open ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        )}
        <GavelIcon aria-hidden="true" sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Box sx={{ minWidth: 0, mr: 1 }}>
          <Typography variant="h6" component="p" sx={{ lineHeight: 1.1 }}>
            Casewise
          </Typography>
          <Typography variant="caption" component="p" sx={{ opacity: 0.8 }}>
            AI Assistant
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
          {project && (
            <Typography component="p" noWrap sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' } }} title={project.name}>
              {project.name}
            </Typography>
          )}
          {project && hasDocuments && (
            <Chip
              size="small"
              icon={<CheckCircleOutlined />}
              label="Documents Added"
              sx={(muiTheme) => ({
                flexShrink: 0,
                bgcolor: 'rgba(255,255,255,0.16)',
                color: 'inherit',
                '& .MuiChip-icon': { color: 'inherit' },
                // On a phone the badge is its tick alone: its words are still read out, not cut to "D…".
                [muiTheme.breakpoints.down('sm')]: { '& .MuiChip-label': visuallyHidden, '& .MuiChip-icon': { mx: '3px' } },
              })}
            />
          )}
        </Box>
        {project && project.role !== 'owner' && (
          <Chip size="small" label={ROLE_BADGES[project.role]} sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: 'inherit' }} />
        )}
        {project && (
          <Button color="inherit" startIcon={<GroupOutlined />} onClick={onShare} aria-label="Share project" sx={iconOnlyBelow('sm')}>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Share
            </Box>
          </Button>
        )}
        <Tooltip title={isViewer ? ROLE_LIMITS.upload : ''}>
          <span>
            <Button
              color="inherit"
              startIcon={<CloudUploadOutlined />}
              onClick={onUpload}
              disabled={!project || isViewer}
              aria-label="Upload documents"
              sx={iconOnlyBelow('sm')}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                Upload
              </Box>
            </Button>
          </span>
        </Tooltip>
        <Button color="inherit" startIcon={<VpnKeyOutlined />} onClick={onApiKeys} aria-label="API keys" sx={iconOnlyBelow('md')}>
          <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
            API keys
          </Box>
        </Button>
        <Button
          color="inherit"
          startIcon={loggingOut ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <LogoutIcon />}
          onClick={onLogout}
          disabled={loggingOut}
          aria-label={loggingOut ? 'Logging out' : 'Logout'}
          sx={iconOnlyBelow('sm')}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {loggingOut ? 'Logging out...' : 'Logout'}
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
