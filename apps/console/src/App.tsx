import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import apiKeys from './api-keys';
import audit from './audit';
import { Dashboard } from './dashboard/dashboard';
import documents from './documents';
import invitations from './invitations';
import { ConsoleLayout } from './layout/console-layout';
import projects from './projects';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n';
import { SettingsPage } from './settings/settings-page';
import { theme } from './theme';
import usage from './usage';
import users from './users';

/** Wires the providers and the resources; each resource lives in its own folder. */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="Casewise console"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={ConsoleLayout}
        dashboard={Dashboard}
        theme={theme}
        requireAuth
        disableTelemetry
      >
        <Resource name="users" {...users} />
        <Resource name="invitations" {...invitations} />
        <Resource name="projects" {...projects} />
        <Resource name="documents" {...documents} />
        <Resource name="audit-events" {...audit} />
        <Resource name="usage" {...usage} />
        <Resource name="api-keys" {...apiKeys} />
        <CustomRoutes>
          <Route path="/settings" element={<SettingsPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
