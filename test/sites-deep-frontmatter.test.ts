/**
 * A page whose frontmatter nests thousands of levels deep (YAML block mappings, one indent per level)
 * keeps its body and is reported as invalid-frontmatter, instead of failing the whole import when the
 * import thread hands its data over (a recursive serializer ran out of stack).
 */
import { describe, expect, it } from 'vitest';
import { listProjects } from '../server/db/projects.js';
import { importSiteAndIndex } from '../server/domain/sites.js';
import { MAX_FRONTMATTER_DEPTH } from '../server/sites/project/pages/frontmatter.js';
import { docsJson, openTempRuntime, writeProject } from './helpers/siteProjects.js';

describe('frontmatter nested thousands of levels deep', () => {
  it('is ignored with an invalid-frontmatter problem, and the page and the rest import', async () => {
    const nested = Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}a:\n`).join('');
    const root = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'deep'] } }),
      'index.mdx': '# Home\n',
      'deep.mdx': `---\ntitle: Deep\n${nested}---\n\nThe body stays.\n`,
    });
    const rt = openTempRuntime();
    try {
      const project = listProjects(rt.db)[0];
      if (project === undefined) throw new Error('no default project');
      const imported = await importSiteAndIndex(rt, project.id, root);
      const deep = imported.model.problems.filter((p) => p.code === 'invalid-frontmatter');
      expect(deep.map((p) => [p.file, p.message])).toEqual([
        ['deep.mdx', `frontmatter is nested deeper than the ${MAX_FRONTMATTER_DEPTH} levels allowed`],
      ]);
      expect([...imported.model.pages.keys()].sort()).toEqual(['deep', 'index']);
    } finally {
      rt.close();
    }
  });
});
