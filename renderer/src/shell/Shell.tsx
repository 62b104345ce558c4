/**
 * The signed-in layout: sidebar + content on wide screens; under 768 px a top bar whose menu button opens
 * the sidebar as a drawer (Escape or a click outside closes it, focus goes back to the button).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Icon } from '../ui/Icon.js';
import { Sidebar } from './Sidebar.js';
import { useTheme } from './theme.js';

/** The frame around every page. */
export function Shell({ children, onSignOut }: { children: ReactNode; onSignOut?: () => void }) {
  const { theme, toggle } = useTheme();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const [location] = useLocation();

  useEffect(() => {
    if (!open) return undefined;
    document.querySelector<HTMLElement>('#sidebar .nav-link')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  // A new page starts at its top, and its heading is where keyboard users land.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="app">
      <a className="skip-link" href="#content" onClick={(e) => (e.preventDefault(), main.current?.focus())}>
        Skip to content
      </a>
      <header className="topbar">
        <button
          ref={menuButton}
          type="button"
          className="icon-button"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="sidebar"
          onClick={() => setOpen(!open)}
        >
          <Icon name={open ? 'close' : 'menu'} />
        </button>
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            O
          </span>
          Offprint
        </span>
      </header>
      <Sidebar
        open={open}
        onNavigate={() => setOpen(false)}
        theme={theme}
        onToggleTheme={toggle}
        {...(onSignOut === undefined ? {} : { onSignOut })}
      />
      {open && <div className="scrim" aria-hidden="true" onClick={() => setOpen(false)} />}
      <main id="content" ref={main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
