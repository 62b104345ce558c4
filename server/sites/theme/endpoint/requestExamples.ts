/**
 * The request panel of an endpoint page. A body documented with several named examples (`examples:
 * {single, bulk}` on its media type) gets a set of samples per example, so that none the author wrote is
 * left out: the first shown, the others hidden until the reader picks one (client/examplePicker.ts adds
 * the picker, as Mintlify's request panel offers the examples to choose among).
 */
import { tabStrip, type StripTab } from './code.js';
import { mediaExamples, operationSamples, type Sample, type SampleOperation } from './samples.js';
import type { SchemaContext } from './schema.js';

/** Named examples past this many are left out: each is written out in every language. */
const MAX_EXAMPLES = 10;

/** The samples of one request example; `name` when it is one of several. */
export interface RequestExample<T> {
  readonly name?: string;
  readonly samples: readonly T[];
}

/** The operation's request samples: a set per named body example when it has several, else one set. */
export function requestExamples(ctx: SchemaContext, op: SampleOperation): RequestExample<Sample>[] {
  const named = op.media ? mediaExamples(ctx, op.media[1], 'request') : [];
  if (named.length < 2) return [{ samples: operationSamples(ctx, op) }];
  return named.slice(0, MAX_EXAMPLES).map((example) => ({
    ...(example.name === undefined ? {} : { name: example.name }),
    samples: operationSamples(ctx, { ...op, body: example.value }),
  }));
}

/**
 * The request panel's markup: one strip of samples by language, or, for several examples, a strip per
 * example in one `data-op-example="request"` panel (so the client moves them to the right column as one).
 */
export function requestPanel(idPrefix: string, examples: readonly RequestExample<StripTab>[]): string {
  const className = 'op-code-group op-request-example';
  const [first] = examples;
  if (examples.length === 1 && first) return tabStrip(idPrefix, first.samples, className, { example: 'request' });
  const strips = examples
    .map((example, i) =>
      tabStrip(`${idPrefix}-${i}`, example.samples, className, {
        ...(example.name === undefined ? {} : { exampleName: example.name }),
        hidden: i > 0,
      }),
    )
    .join('');
  return (
    strips && `<div class="op-request-examples" data-op-example="request" data-op-request-examples="">${strips}</div>`
  );
}
