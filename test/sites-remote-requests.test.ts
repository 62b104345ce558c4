/**
 * A component that asks the network for its data in the reader's browser (Delora's tables of chains,
 * `useEffect(() => fetch('https://api.delora.build/v1/chains'))`) gets nothing offline and shows only its
 * "Loading…": the import reports each URL so, once per file, in pages and snippets, and not for a request
 * written in a code sample or to a relative path.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const TABLE = [
  'export const Chains = () => {',
  '  const [chains, setChains] = useState(null);',
  '  useEffect(() => {',
  "    fetch(\n      'https://api.example.test/v1/chains?type=EVM',\n      { cache: 'no-store' },\n    ).then((r) => r.json()).then(setChains);",
  "    fetch('https://api.example.test/v1/chains?type=EVM');",
  "    fetch('/local.json');",
  '  }, []);',
  '  return chains ? <p>{chains.length}</p> : <p>Loading…</p>;',
  '};',
  '',
].join('\n');

describe('requests components make from the reader’s browser', () => {
  it('are reported once per file and URL, code samples and relative paths aside', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'sample'] } }),
      'index.mdx': `---\ntitle: Chains\n---\n\n${TABLE}\n<Chains />\n`,
      'sample.mdx':
        "---\ntitle: Sample\n---\n\n```js\nconst r = await fetch('https://api.example.test/v1/quote');\n```\n",
      'snippets/feed.jsx':
        'export const Feed = () => {\n  useEffect(() => { const ws = new WebSocket(`wss://feed.example.test/${id}`); axios.get("https://api.example.test/v2/tools"); }, []);\n  return null;\n};\n',
    });
    const found = loadSiteProject(dir)
      .problems.filter((p) => p.code === 'remote-asset')
      .map((p) => [p.file, p.message.split(':').slice(0, 2).join(':')]);
    expect(found).toEqual([
      ['index.mdx', 'https://api.example.test/v1/chains?type=EVM'],
      ['snippets/feed.jsx', 'wss://feed.example.test/'],
      ['snippets/feed.jsx', 'https://api.example.test/v2/tools'],
    ]);
    const message = loadSiteProject(dir).problems.find((p) => p.file === 'index.mdx')?.message;
    expect(message).toContain("requested by a component when it runs in the reader's browser; offline nothing answers");
  });
});
