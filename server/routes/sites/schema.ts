/** Request and response schemas of the site routes. */
import { z } from 'zod';

/** Path parameters of `POST /v1/projects/{projectId}/site`. */
export const SiteParamsSchema = z.object({
  projectId: z.string().min(1).max(128).meta({ description: 'The project whose site is replaced.' }),
});

/**
 * One problem an import lists; a summary entry of a capped list ("and 1,490 more broken links in this
 * file") has a `count`, which the totals include.
 */
export const ListedProblemSchema = z.strictObject({
  code: z.string(),
  file: z.string(),
  message: z.string(),
  count: z
    .number()
    .int()
    .min(0)
    .optional()
    .meta({
      description:
        'On a summary entry only ("and 1,490 more broken links in this file"): how many problems it stands for, ' +
        'all counted in `problems` and `problemsByCode` (Offprint extension). Absent, an entry is one problem.',
      'x-offprint': true,
    }),
});

/** 200 body of a site import. */
export const SiteImportResultSchema = z.strictObject({
  projectId: z.string(),
  buildId: z.string().meta({ description: 'The new build, now served.' }),
  pages: z.number().int().meta({ description: 'Pages of the site (in the navigation or reachable by URL).' }),
  problems: z.number().int().meta({
    description:
      'Problems that did not stop the import (missing images, ...), the ones summary entries count included.',
  }),
  problemsByCode: z.record(z.string(), z.number().int()).meta({ description: 'Problems counted by kind.' }),
  problemList: z.array(ListedProblemSchema).meta({
    description:
      'The problems themselves, in the order found (the first 500): pages that failed to render (render-failed), ' +
      'missing images and snippets, config entries that were ignored.',
  }),
  siteUrl: z
    .string()
    .nullable()
    .meta({ description: 'Where this server serves the site; null when it runs no site listeners.' }),
});
