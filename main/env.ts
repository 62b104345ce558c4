/**
 * Imported first by main/index.ts, for side effects that must happen before any server module loads:
 * NODE_ENV defaults to production (React reads it once, at load), and in the packaged app the server
 * is pointed at its resources and esbuild at its unpacked binary (esbuild reads its path at load too).
 */
import '../server/productionEnv.js';
import { app } from 'electron';
import { setupPackagedPaths } from './packaged.js';

if (app.isPackaged) setupPackagedPaths(process.resourcesPath);
