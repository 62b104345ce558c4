/** The whole dashboard: the connection (desktop session or pasted key), then the shell and its pages. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { apiClient, type ApiClient } from './api/client.js';
import { initialConnection, saveBrowserKey, type Connection } from './api/connection.js';
import { ConnectPage } from './pages/Connect.js';
import { ExportsPage } from './pages/exports/ExportsPage.js';
import { FeedbackPage } from './pages/feedback/FeedbackPage.js';
import { KeysPage } from './pages/keys/KeysPage.js';
import { ProjectPage } from './pages/projects/ProjectPage.js';
import { ProjectsPage } from './pages/projects/ProjectsPage.js';
import { VerifyPage } from './pages/verify/VerifyPage.js';
import { Shell } from './shell/Shell.js';

function Pages({ api }: { api: ApiClient }) {
  return (
    <Switch>
      <Route path="/projects">
        <ProjectsPage api={api} />
      </Route>
      <Route path="/projects/:projectId">{(params) => <ProjectPage api={api} projectId={params.projectId} />}</Route>
      <Route path="/exports">
        <ExportsPage api={api} />
      </Route>
      <Route path="/verify">
        <VerifyPage api={api} />
      </Route>
      <Route path="/feedback">
        <FeedbackPage api={api} />
      </Route>
      <Route path="/keys">
        <KeysPage api={api} />
      </Route>
      <Route>
        <Redirect to="/projects" replace />
      </Route>
    </Switch>
  );
}

/** The dashboard. */
export function App() {
  const [connection, setConnection] = useState<Connection | null | undefined>(undefined);
  useEffect(() => {
    void initialConnection().then(setConnection, () => setConnection(null));
  }, []);
  const signOut = useCallback(() => {
    saveBrowserKey(null);
    setConnection(null);
  }, []);
  // A key revoked while the page is open sends the user back to sign-in (the desktop session cannot be).
  const api = useMemo(
    () => (connection ? apiClient(connection, connection.desktop ? undefined : signOut) : null),
    [connection, signOut],
  );

  if (connection === undefined) return <p className="loading-screen">Loading…</p>;
  if (connection === null || api === null) {
    return (
      <ConnectPage
        onConnect={(token) => {
          saveBrowserKey(token);
          setConnection({ apiUrl: '', token, desktop: false });
        }}
      />
    );
  }
  return (
    <Router hook={useHashLocation}>
      <Shell {...(connection.desktop ? {} : { onSignOut: signOut })}>
        <Pages api={api} />
      </Shell>
    </Router>
  );
}
