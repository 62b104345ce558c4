/**
 * Page-view analytics of exported bundles that have a collector (`<html data-op-analytics="BASE">`, cloud
 * and client-hosted deployments): one beacon per page view to `BASE/_offprint/analytics/pageview`. Live
 * sites and air-gapped bundles have none.
 */
import { isCapturing } from './exportMode.js';

/** Sends the page view, if this page has a collector. */
export function initAnalytics(): void {
  const base = document.documentElement.dataset['opAnalytics'];
  if (!base || isCapturing() || typeof navigator.sendBeacon !== 'function') return;
  // A string body is sent as text/plain: a simple request, no CORS preflight for the collector to answer.
  navigator.sendBeacon(
    `${base.replace(/\/+$/, '')}/_offprint/analytics/pageview`,
    JSON.stringify({ type: 'pageview', path: window.location.pathname, title: document.title, at: Date.now() }),
  );
}
