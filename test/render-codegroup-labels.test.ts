/**
 * An untitled block in a CodeGroup (tabs or dropdown) is named by its language's display name, as Mintlify
 * names it: `bash` reads Bash (npm, yarn and pnpm commands are not cURL samples), `ts` TypeScript. Among an
 * endpoint's request examples a shell block is the cURL sample and reads cURL. A titled block keeps its title.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { render, type Rendered } from './fixtures/render/harness.js';

const fence = (lang: string, code: string): string => ['```' + lang, code, '```'].join('\n');

describe('untitled code blocks in a group', () => {
  let page: Rendered;
  beforeAll(async () => {
    page = await render(
      [
        '<CodeGroup dropdown>',
        fence('bash', 'npm i foo'),
        fence('python', 'print(1)'),
        fence('ts', 'const a = 1;'),
        fence('cobol', 'DISPLAY 1.'),
        '```bash yarn',
        'yarn add foo',
        '```',
        '</CodeGroup>',
        '',
        '<RequestExample>',
        fence('bash', 'curl https://a.test'),
        fence('js', 'fetch("https://a.test")'),
        '</RequestExample>',
      ].join('\n'),
    );
  });

  it('reads the language display name, a titled block its title', () => {
    const [group] = page.dom.querySelectorAll('.op-code-group');
    expect(group?.querySelectorAll('[role="tab"]').map((t) => t.text)).toEqual([
      'Bash',
      'Python',
      'TypeScript',
      'cobol',
      'yarn',
    ]);
  });

  it('reads cURL for the shell block of request examples', () => {
    const group = page.dom.querySelector('.op-request-example');
    expect(group?.querySelectorAll('[role="tab"]').map((t) => t.text)).toEqual(['cURL', 'JavaScript']);
  });
});
