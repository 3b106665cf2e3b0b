import MailIcon from '@mui/icons-material/MailOutlined';
import { InvitationList } from './invitation-list';

export default {
  list: InvitationList,
  icon: MailIcon,
  recordRepresentation: 'email',
  options: { label: 'Invitations' },
};
