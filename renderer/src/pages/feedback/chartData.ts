/** The chart's series from the stats answer: stacked by source, or by vote (helpful / not / no vote). */
import type { FeedbackStats } from '../../api/types.js';
import { SOURCE_LABEL, SOURCES } from './model.js';
import type { ChartBy } from './query.js';

type Point = FeedbackStats['series'][number];

/** One stacked layer: its CSS colour class, its name, and its value in a bucket. */
export interface Layer {
  readonly key: string;
  readonly label: string;
  readonly value: (point: Point) => number;
}

const SOURCE_LAYERS: readonly Layer[] = SOURCES.map((source) => ({
  key: source,
  label: SOURCE_LABEL[source],
  value: (p: Point) => p.bySource[source],
}));

const VOTE_LAYERS: readonly Layer[] = [
  { key: 'helpful', label: 'Helpful', value: (p) => p.helpful },
  { key: 'not-helpful', label: 'Not helpful', value: (p) => p.notHelpful },
  { key: 'no-vote', label: 'No vote (code, agent)', value: (p) => p.total - p.helpful - p.notHelpful },
];

/** The layers, bottom first. */
export function layersOf(by: ChartBy): readonly Layer[] {
  return by === 'vote' ? VOTE_LAYERS : SOURCE_LAYERS;
}

/** A bucket's start as people read it: `3 Mar` (days) or `w/c 3 Mar` (weeks), in UTC as the API counts. */
export function bucketLabel(start: string, bucket: FeedbackStats['bucket'], long = false): string {
  const date = new Date(`${start}T00:00:00Z`);
  const text = date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(long ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
  return bucket === 'week' ? `week of ${text}` : text;
}

/** A round, even axis maximum at or above `max` (2, 4, 6, 8, 10, 20, ...), so its half is a whole number too. */
export function niceMax(max: number): number {
  if (max <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [2, 4, 6, 8, 10].find((s) => s * power >= max) ?? 10;
  return step * power;
}
