import { useState, type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import type { Project } from '../api/types';
import type { ProjectsState } from './use-projects';

export const SIDEBAR_WIDTH = 280;

interface ProjectsSidebarProps {
  state: ProjectsState;
  selectedId: string | null;
  onSelect: (project: Project) => void;
  onCreate: () => void;
  onDelete: (project: Project) => void;
}

export function ProjectsSidebar({ state, selectedId, onSelect, onCreate, onDelete }: ProjectsSidebarProps) {
  const [menu, setMenu] = useState<{ anchor: HTMLElement; project: Project } | null>(null);

  const openMenu = (event: MouseEvent<HTMLElement>, project: Project): void => {
    setMenu({ anchor: event.currentTarget, project });
  };

  return (
    <Box
      component="nav"
      aria-label="Projects"
      sx={{ width: SIDEBAR_WIDTH, height: '100%', display: 'flex', flexDirection: 'column', bgcolor: 'rgba(255,255,255,0.86)' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          Projects
        </Typography>
        <Tooltip title="Create new project">
          <IconButton aria-label="Create new project" color="primary" onClick={onCreate}>
            <AddIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {state.status === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading projects" />
          </Box>
        )}
        {state.status === 'error' && (
          <Alert severity="error" sx={{ mx: 2 }}>
            {state.message}
          </Alert>
        )}
        {state.status === 'loaded' && state.projects.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
            No projects yet. Create your first project to get started.
          </Typography>
        )}
        {state.status === 'loaded' && state.projects.length > 0 && (
          <List dense>
            {state.projects.map((project) => {
              const selected = project.id === selectedId;
              return (
                <ListItem
                  key={project.id}
                  disablePadding
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Options for ${project.name}`}
                      aria-haspopup="menu"
                      onClick={(event) => openMenu(event, project)}
                    >
                      <MoreVert fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemButton
                    selected={selected}
                    aria-current={selected ? 'page' : undefined}
                    onClick={() => onSelect(project)}
                    sx={{ '&.Mui-selected': { bgcolor: 'rgba(31, 58, 104, 0.12)', borderLeft: 3, borderColor: 'primary.main' } }}
                  >
                    <ListItemAvatar sx={{ minWidth: 44 }}>
                      <Avatar
                        aria-hidden="true"
                        sx={{ width: 32, height: 32, fontSize: 15, bgcolor: selected ? 'primary.main' : 'grey.500' }}
                      >
                        {project.name.trim().charAt(0).toUpperCase() || '?'}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText
                      primary={project.name}
                      secondary={project.role === 'owner' ? undefined : project.role === 'editor' ? 'Shared with you · Editor' : 'Shared with you · Viewer'}
                      slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected ? 600 : 400 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            const project = menu?.project;
            setMenu(null);
            if (project) onDelete(project);
          }}
        >
          <DeleteOutlined fontSize="small" sx={{ mr: 1 }} aria-hidden="true" />
          Delete project
        </MenuItem>
      </Menu>
    </Box>
  );
}
