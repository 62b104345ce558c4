/** The dashboard shell: connection, navigation between pages. */
import { useEffect, useMemo, useState } from 'react';
import { apiClient, initialConnection, saveBrowserKey, type Connection } from './api.js';
import { Connect } from './pages/Connect.js';
import { ExportsPage } from './pages/Exports.js';
import { FeedbackPage } from './pages/Feedback.js';
import { KeysPage } from './pages/Keys.js';
import { ProjectsPage } from './pages/Projects.js';

const PAGES = { feedback: 'Feedback', projects: 'Projects', exports: 'Exports', keys: 'API keys' } as const;
type PageId = keyof typeof PAGES;

function pageFromHash(): PageId {
  const id = window.location.hash.replace(/^#\/?/, '');
  return id === 'projects' || id === 'exports' || id === 'keys' ? id : 'feedback';
}

/** The whole dashboard. */
export function App() {
  const [connection, setConnection] = useState<Connection | null | undefined>(undefined);
  const [page, setPage] = useState<PageId>(pageFromHash);
  useEffect(() => {
    void initialConnection().then(setConnection);
    const onHash = () => setPage(pageFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const api = useMemo(() => (connection ? apiClient(connection) : null), [connection]);

  if (connection === undefined) return <main className="centered">Loading…</main>;
  if (connection === null || api === null) {
    return (
      <Connect
        onConnect={(token) => {
          saveBrowserKey(token);
          setConnection({ apiUrl: '', token, desktop: false });
        }}
      />
    );
  }
  const signOut = () => {
    saveBrowserKey(null);
    setConnection(null);
  };
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Offprint</span>
        <nav>
          {(Object.keys(PAGES) as PageId[]).map((id) => (
            <a key={id} href={`#/${id}`} className={id === page ? 'active' : undefined}>
              {PAGES[id]}
            </a>
          ))}
        </nav>
        {!connection.desktop && (
          <button type="button" className="link" onClick={signOut}>
            Sign out
          </button>
        )}
      </header>
      <main>
        {page === 'feedback' && <FeedbackPage api={api} onUnauthorized={signOut} />}
        {page === 'projects' && <ProjectsPage api={api} />}
        {page === 'exports' && <ExportsPage api={api} />}
        {page === 'keys' && <KeysPage api={api} />}
      </main>
    </div>
  );
}
