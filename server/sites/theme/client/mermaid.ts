/** Mermaid diagrams: the library is loaded from the site (only on pages that have a diagram). */
import { MERMAID_JS_URL } from '../urls.js';
import { isDark } from './chrome.js';
import { all } from './dom.js';
import { isCapturing, isExported } from './exportMode.js';

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

let loading: Promise<MermaidApi> | null = null;
let counter = 0;

function loadMermaid(): Promise<MermaidApi> {
  loading ??= new Promise<MermaidApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = MERMAID_JS_URL;
    script.async = true;
    script.addEventListener('load', () => {
      // A captured page is saved with its diagrams drawn: it must not carry the library along.
      if (isCapturing()) script.remove();
      const api = (window as unknown as { mermaid?: MermaidApi }).mermaid;
      if (api) resolve(api);
      else reject(new Error('Mermaid did not load'));
    });
    script.addEventListener('error', () => reject(new Error('Mermaid could not be loaded')));
    document.head.append(script);
  });
  return loading;
}

/** The width a diagram has in `container` (its content box), at least a narrow phone's. */
function contentWidth(container: HTMLElement): number {
  const style = getComputedStyle(container);
  const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  return Math.max(320, Math.floor(container.clientWidth - padding));
}

/** Mermaid's palette for a mode: a bundle's capture draws both, a live page the one it shows. */
type Palette = 'default' | 'dark';

async function drawDiagram(
  api: MermaidApi,
  container: HTMLElement,
  source: string,
  palette: Palette,
): Promise<HTMLElement> {
  // Captured diagrams are saved in the bundle: their ids must not depend on anything but the page. Mermaid
  // draws a Gantt chart as wide as the element it renders in (the page's full width), and the box then
  // scaled it down, labels too: it is drawn for its box's width instead. Labels are in the page's font, as
  // Mintlify asks for (`fontFamily: inherit`), not Mermaid's own Trebuchet.
  api.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    fontFamily: 'inherit',
    theme: palette,
    deterministicIds: isCapturing(),
    gantt: { useWidth: contentWidth(container) },
  });
  counter += 1;
  const { svg } = await api.render(`op-mermaid-${counter}`, source);
  const figure = document.createElement('div');
  figure.className = 'op-mermaid-diagram';
  figure.innerHTML = svg;
  return figure;
}

/**
 * The diagram's drawings. A bundle never loads Mermaid, so it cannot redraw when the reader switches mode:
 * its capture saves one drawing per palette, and the stylesheet shows the one of the current mode.
 */
async function drawings(api: MermaidApi, container: HTMLElement, source: string): Promise<HTMLElement[]> {
  if (!isCapturing()) return [await drawDiagram(api, container, source, isDark() ? 'dark' : 'default')];
  const light = await drawDiagram(api, container, source, 'default');
  const dark = await drawDiagram(api, container, source, 'dark');
  light.classList.add('op-mermaid-light');
  dark.classList.add('op-mermaid-dark');
  return [light, dark];
}

async function renderAll(containers: HTMLElement[]): Promise<void> {
  let api: MermaidApi;
  try {
    api = await loadMermaid();
  } catch {
    containers.forEach((c) => (c.dataset['state'] = 'error'));
    return;
  }
  // Mermaid measures its labels: with a web font still loading they are sized for the fallback font
  // (clipped text for readers; a capture whose bytes depend on timing).
  await document.fonts.ready;
  for (const container of containers) {
    const source = container.dataset['source'] ?? container.querySelector('.op-mermaid-source')?.textContent ?? '';
    container.dataset['source'] = source;
    try {
      container.replaceChildren(...(await drawings(api, container, source)));
      container.dataset['state'] = 'rendered';
    } catch {
      // Leave the source visible: a broken diagram still tells the reader something.
      container.dataset['state'] = 'error';
    }
  }
}

/**
 * Renders the page's diagrams, and again in the other palette when the mode changes. Pages of a static
 * export bundle come with their diagrams drawn at capture, in both palettes, and never load Mermaid.
 */
export function initMermaid(): Promise<void> {
  const containers = all<HTMLElement>('[data-op-mermaid]');
  if (containers.length === 0 || (isExported() && !isCapturing())) return Promise.resolve();
  if (!isCapturing()) document.addEventListener('op-theme-change', () => void renderAll(containers));
  return renderAll(containers);
}
