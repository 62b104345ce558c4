/** Entry point: the remembered theme first (no flash of the other one), then the app. */
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { applyStoredTheme } from './shell/theme.js';

applyStoredTheme();
const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);
