/** Request and response schemas of the project routes (`/v1/projects...`, Offprint's own admin API). */
import { z } from 'zod';
import { wellFormedText } from '../../domain/text.js';
import { HostnameSchema } from '../../domain/hostname.js';
import { ListedProblemSchema } from '../sites/schema.js';

// ISO 8601 instants (`2026-03-01T10:00:00.000Z`), like the other admin routes' dates.
const iso = z.string();

/** Path of the routes on one project. */
export const ProjectParamsSchema = z.object({
  projectId: z.string().min(1).max(128).meta({ description: 'The project’s id (`prj_...`).' }),
});

/** Body of `POST /v1/projects`. */
export const CreateProjectBodySchema = z.strictObject({
  name: wellFormedText().trim().min(1).max(200).meta({ description: 'What the project is called in lists.' }),
  domain: HostnameSchema.meta({
    description: 'Hostname of the project’s docs site (`docs.example.com`), unique on this install.',
    example: 'docs.example.com',
  }),
  orgId: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .meta({ description: 'The key’s organization (the default); another organization is a 404.' }),
});

/** A project's current site at a glance. */
export const SiteSummarySchema = z.strictObject({
  buildId: z.string().meta({ description: 'The build served now.' }),
  pages: z.number().int().min(0).meta({ description: 'Pages of the site (in the navigation or by URL).' }),
  navPages: z.number().int().min(0).meta({ description: 'Distinct pages the navigation lists.' }),
  problems: z.number().int().min(0).meta({ description: 'Problems the last import found (it still succeeded).' }),
  lastImportAt: iso.meta({ description: 'When the last import was switched to.' }),
  sourceKind: z.enum(['folder', 'zip']),
});

/** A project as listed. */
export const ProjectSchema = z.strictObject({
  projectId: z.string(),
  orgId: z.string(),
  name: z.string(),
  domain: z.string().meta({ description: 'Hostname of the project’s docs site.' }),
  createdAt: z.string(),
  siteUrl: z
    .string()
    .nullable()
    .meta({ description: 'Where this server serves the site; null when it has no site or runs no site listeners.' }),
  site: SiteSummarySchema.nullable().meta({ description: 'The current site; null before the first import.' }),
});

/** 200 body of `GET /v1/projects`. */
export const ProjectListSchema = z.strictObject({ projects: z.array(ProjectSchema) });

const FileMessage = z.strictObject({ file: z.string(), message: z.string() });

/**
 * What the import of the current build found, readable as a list; the counts and problems have the
 * shapes of the import result (`POST /v1/projects/{projectId}/site`), so one view shows both.
 */
export const ImportReportSchema = z.strictObject({
  configFile: z.string().meta({ description: '`docs.json` or `mint.json`.' }),
  outOfNavPages: z.number().int().min(0).meta({ description: 'Pages reachable by URL only.' }),
  generatedPages: z.number().int().min(0).meta({ description: 'Endpoint pages generated from OpenAPI documents.' }),
  redirects: z.number().int().min(0),
  problems: z.number().int().min(0).meta({
    description: 'Problems that did not stop the import, the ones summary entries count included.',
  }),
  problemsByCode: z
    .record(z.string(), z.number().int())
    .meta({ description: 'Every problem counted by code (`missing-asset`, `render-failed`, ...).' }),
  problemList: z
    .array(ListedProblemSchema)
    .meta({ description: 'The first 500 problems, in the order found (summary entries with their `count`).' }),
  missingAssets: z
    .array(FileMessage)
    .meta({ description: 'Images and files pages refer to that the project lacks (among the listed problems).' }),
  skippedScripts: z
    .array(z.strictObject({ name: z.string(), reason: z.string() }))
    .meta({ description: 'Scripts the site asks for that are not loaded (see the `allowedScripts` setting).' }),
  loadedScripts: z.array(z.string()).meta({ description: 'Scripts loaded because `allowedScripts` names them.' }),
  skippedLinks: z.array(z.string()).meta({ description: 'Symbolic links of a folder source that were not copied.' }),
});

/** 200 body of `GET /v1/projects/{projectId}`. */
export const ProjectDetailSchema = ProjectSchema.extend({
  importReport: ImportReportSchema.nullable().meta({ description: 'Null before the first import.' }),
});

/** 200 body of `DELETE /v1/projects/{projectId}`. */
export const DeletedProjectSchema = z.strictObject({
  projectId: z.string(),
  deleted: z.literal(true),
  cancelledJobs: z.array(z.string()).meta({ description: 'Export jobs that were queued or running, now cancelled.' }),
  deletedJobs: z.number().int().min(0).meta({ description: 'Export jobs deleted with their bundles.' }),
});
