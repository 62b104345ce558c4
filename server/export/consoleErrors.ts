/**
 * What a page reports as an error through the CDP Runtime domain, as one line of text: a `console.error`
 * or `console.assert` call, or an uncaught exception. Read from the event field by field: the page is
 * untrusted, and so is what it logs. Used by the capture (live pages) and the egress check (bundle pages).
 */
import { isRecord } from './captureScripts.js';

/** One argument of a console call: its description (objects, errors), else its value. */
function argumentText(arg: unknown): string {
  if (!isRecord(arg)) return String(arg);
  return typeof arg['description'] === 'string' ? arg['description'] : String(arg['value']);
}

/** The text of a `Runtime.consoleAPICalled` event when it is an error or an assertion; null otherwise. */
export function consoleErrorOf(params: unknown): string | null {
  if (!isRecord(params) || (params['type'] !== 'error' && params['type'] !== 'assert')) return null;
  const args = Array.isArray(params['args']) ? params['args'] : [];
  return args.map((arg: unknown) => argumentText(arg)).join(' ');
}

/** The text of a `Runtime.exceptionThrown` event: the exception's description, else the details' text. */
export function exceptionOf(params: unknown): string {
  const details = isRecord(params) && isRecord(params['exceptionDetails']) ? params['exceptionDetails'] : {};
  const exception = isRecord(details['exception']) ? details['exception'] : {};
  if (typeof exception['description'] === 'string') return exception['description'];
  return typeof details['text'] === 'string' ? details['text'] : 'exception';
}
