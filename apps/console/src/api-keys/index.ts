import KeyIcon from '@mui/icons-material/VpnKey';
import { ApiKeyList } from './api-key-list';

export default {
  list: ApiKeyList,
  icon: KeyIcon,
  options: { label: 'API keys' },
};
