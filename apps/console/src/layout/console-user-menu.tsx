import { MenuItem } from '@mui/material';
import { Logout, UserMenu, useGetIdentity } from 'react-admin';

/**
 * The account menu. The signed-in address is shown inside it, not on the button: react-admin labels the
 * button "Profile", and a visible address that is not part of that name confuses screen-reader users.
 */
export function ConsoleUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu>
      {identity?.email ? <MenuItem disabled>{String(identity.email)}</MenuItem> : null}
      <Logout />
    </UserMenu>
  );
}
