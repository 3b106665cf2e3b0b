import type { ReactNode } from 'react';
import { AppBar, Layout, Loading, usePermissions } from 'react-admin';
import { ConsoleUserMenu } from './console-user-menu';
import { ConsoleMenu } from './console-menu';
import { MembersOnly } from './members-only';

function ConsoleAppBar() {
  return <AppBar userMenu={<ConsoleUserMenu />} />;
}

/** react-admin's layout for administrators; a member gets the refusal and nothing else. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<'admin' | 'member'>();
  if (isPending) return <Loading />;
  if (permissions !== 'admin') return <MembersOnly />;
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar}>
      {children}
    </Layout>
  );
}
