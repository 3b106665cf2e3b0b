import DescriptionIcon from '@mui/icons-material/Description';
import { DocumentList } from './document-list';
import { DocumentShow } from './document-show';

export default {
  list: DocumentList,
  show: DocumentShow,
  icon: DescriptionIcon,
  recordRepresentation: 'filename',
  options: { label: 'Documents' },
};
