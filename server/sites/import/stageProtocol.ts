/** What crosses the thread boundary of an off-thread import (see offThread.ts). */
import { z } from 'zod';
import type { ImportLimits } from './limits.js';

/** The job a staging worker gets. */
export const stageJobSchema = z.object({
  sourcePath: z.string(),
  dir: z.string(),
  // Made by importLimits() in the parent, never by a client: checked for shape only.
  limits: z.custom<ImportLimits>((value) => typeof value === 'object' && value !== null),
});
export type StageJob = z.infer<typeof stageJobSchema>;

/** What a staging worker posts back; the staged build itself is in its hand-over file (handover.ts). */
export type StageOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly details: readonly string[] };
