/**
 * How the dashboard words server codes and messages (renderer's ui/format.ts): a problem code's group
 * title reads as English with its acronyms, and a message's backtick quotes become code, not backticks.
 */
import { describe, expect, it } from 'vitest';
import { humanize, messageParts } from '../renderer/src/ui/format.js';

describe('a code as a title', () => {
  it('reads as words with the first capitalised and acronyms kept', () => {
    expect(humanize('missing-asset')).toBe('Missing asset');
    expect(humanize('mdx-syntax')).toBe('MDX syntax');
    expect(humanize('invalid-openapi-url')).toBe('Invalid OpenAPI URL');
    expect(humanize('api_key')).toBe('API key');
    expect(humanize('rendering')).toBe('Rendering');
  });
});

describe('a message', () => {
  it('shows what it quotes in backticks as code, and the rest as text', () => {
    const parts = messageParts('MDX syntax: the `{` at line 3:5 opens no valid expression; run `offprint pack`');
    expect(parts).toEqual([
      { text: 'MDX syntax: the ', code: false },
      { text: '{', code: true },
      { text: ' at line 3:5 opens no valid expression; run ', code: false },
      { text: 'offprint pack', code: true },
    ]);
  });

  it('keeps a lone backtick, and a message with none, as plain text', () => {
    expect(messageParts('a ` alone')).toEqual([{ text: 'a ` alone', code: false }]);
    expect(messageParts('plain')).toEqual([{ text: 'plain', code: false }]);
  });
});
