/** The dashboard's pages, in sidebar order. Routes live in the URL's hash, so the server serves one file. */
import type { IconName } from '../ui/Icon.js';

/** One sidebar entry. */
export interface NavItem {
  readonly path: string;
  readonly label: string;
  readonly icon: IconName;
}

/** Every page of the sidebar. */
export const NAV: readonly NavItem[] = [
  { path: '/projects', label: 'Projects', icon: 'projects' },
  { path: '/exports', label: 'Exports', icon: 'exports' },
  { path: '/verify', label: 'Verify', icon: 'verify' },
  { path: '/feedback', label: 'Feedback', icon: 'feedback' },
  { path: '/keys', label: 'Keys', icon: 'key' },
];
