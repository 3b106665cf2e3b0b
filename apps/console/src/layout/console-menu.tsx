import SettingsIcon from '@mui/icons-material/Settings';
import { Menu } from 'react-admin';

/** The dashboard, one entry per resource, and the firm's settings. */
export function ConsoleMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to="/settings" primaryText="Settings" leftIcon={<SettingsIcon />} />
    </Menu>
  );
}
