/** A full collection on demand, for tests that measure what stays on the heap. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const exposedGc: unknown = runInNewContext('gc');

/** A full collection (V8's own, exposed for the test file that imports this). */
export function gc(): void {
  if (typeof exposedGc !== 'function') throw new Error('gc() could not be exposed');
  Reflect.apply(exposedGc, undefined, []);
}
