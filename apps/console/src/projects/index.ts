import FolderIcon from '@mui/icons-material/Folder';
import { ProjectList } from './project-list';
import { ProjectShow } from './project-show';

export default {
  list: ProjectList,
  show: ProjectShow,
  icon: FolderIcon,
  recordRepresentation: 'name',
  options: { label: 'Projects' },
};
