import PeopleIcon from '@mui/icons-material/People';
import { UserEdit } from './user-edit';
import { UserList } from './user-list';

export default {
  list: UserList,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: 'email',
  options: { label: 'Users' },
};
