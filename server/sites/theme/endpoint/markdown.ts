/** A small, safe Markdown subset for OpenAPI descriptions: paragraphs, lists, fenced code, inline marks. */
import { markdownLineWords } from '../../render/text.js';
import { esc, inlineMarkdown } from '../html.js';

/** Markdown text -> HTML; everything not understood is escaped text. */
export function miniMarkdown(text: string): string {
  const blocks: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let list: string[] | null = null;
  const flushPara = (): void => {
    if (para.length > 0) blocks.push(`<p>${inlineMarkdown(para.join(' '))}</p>`);
    para = [];
  };
  const flushList = (): void => {
    if (list) blocks.push(`<ul>${list.map((item) => `<li>${inlineMarkdown(item)}</li>`).join('')}</ul>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = openingFence(line);
    if (fence) {
      flushPara();
      flushList();
      const code: string[] = [];
      for (i++; i < lines.length && !closesFence(lines[i] ?? '', fence); i++) code.push(lines[i] ?? '');
      blocks.push(`<pre class="op-endpoint-pre"><code>${esc(code.join('\n'))}</code></pre>`);
      continue;
    }
    const item = /^\s*[-*+]\s+(.*)$/.exec(line) ?? /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (item) {
      flushPara();
      list ??= [];
      list.push(item[1] ?? '');
      continue;
    }
    const heading = /^\s*#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flushPara();
      flushList();
      blocks.push(`<p><strong>${inlineMarkdown(heading[1] ?? '')}</strong></p>`);
      continue;
    }
    if (line.trim() === '') {
      flushPara();
      flushList();
      continue;
    }
    if (list) {
      // A continuation line of the last list item.
      list[list.length - 1] += ` ${line.trim()}`;
      continue;
    }
    para.push(line.trim());
  }
  flushPara();
  flushList();
  return blocks.join('');
}

/**
 * The fence a line opens (three or more backticks or tildes), or null. As in CommonMark, a backtick fence's
 * info string holds no backtick: "``` 'Authorization: KEY' ```" on one line is an inline code span.
 */
function openingFence(line: string): string | null {
  const m = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
  if (!m?.[1]) return null;
  return m[1].startsWith('`') && (m[2] ?? '').includes('`') ? null : m[1];
}

/** Whether a line closes a fence: the same character, at least as many, nothing after but spaces. */
function closesFence(line: string, fence: string): boolean {
  const m = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
  return !!m?.[1] && m[1][0] === fence[0] && m[1].length >= fence.length;
}

/** Plain text of a Markdown description (for the search index). */
export function markdownText(text: string): string {
  // Fenced code is left out, as in miniMarkdown's blocks; an inline span's words stay, without its backticks.
  const prose: string[] = [];
  let fence: string | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    fence = openingFence(line);
    // Marks only, never a word's own characters: `chat_id` stays (it read `chatid`, which search then found).
    if (fence === null) prose.push(markdownLineWords(line));
  }
  return prose.join(' ').replace(/\s+/g, ' ').trim();
}
