import BarChartIcon from '@mui/icons-material/BarChart';
import { UsageList } from './usage-list';

export default {
  list: UsageList,
  icon: BarChartIcon,
  options: { label: 'Usage' },
};
