/** The navigation: a fixed sidebar on wide screens, a drawer under the top bar on narrow ones. */
import { Link, useLocation } from 'wouter';
import { Icon } from '../ui/Icon.js';
import { NAV } from './routes.js';
import type { Theme } from './theme.js';

/** What the sidebar shows and does. */
export interface SidebarProps {
  readonly open: boolean;
  readonly onNavigate: () => void;
  readonly theme: Theme;
  readonly onToggleTheme: () => void;
  /** Absent in the desktop app (its session cannot be signed out of). */
  readonly onSignOut?: () => void;
}

/** The sidebar (its `open` class shows it as a drawer on narrow screens). */
export function Sidebar(props: SidebarProps) {
  const [location] = useLocation();
  const next = props.theme === 'dark' ? 'light' : 'dark';
  return (
    <aside id="sidebar" className={props.open ? 'sidebar open' : 'sidebar'} aria-label="Sidebar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          O
        </span>
        Offprint
      </div>
      <nav aria-label="Main">
        <ul>
          {NAV.map((item) => {
            const current = location === item.path || location.startsWith(`${item.path}/`);
            return (
              <li key={item.path}>
                <Link
                  href={item.path}
                  className={current ? 'nav-link active' : 'nav-link'}
                  aria-current={current ? 'page' : undefined}
                  onClick={props.onNavigate}
                >
                  <Icon name={item.icon} />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="sidebar-foot">
        <button type="button" className="nav-link" onClick={props.onToggleTheme} aria-label={`Switch to ${next} theme`}>
          <Icon name={props.theme === 'dark' ? 'sun' : 'moon'} />
          {props.theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
        {props.onSignOut !== undefined && (
          <button type="button" className="nav-link" onClick={props.onSignOut}>
            <Icon name="logout" />
            Sign out
          </button>
        )}
      </div>
    </aside>
  );
}
