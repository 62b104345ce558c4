/** Text rules shared by every schema that stores what a caller wrote. */
import { z } from 'zod';

/**
 * A string with no lone UTF-16 surrogate: JSON can carry one (`"\ud800"`) but UTF-8 cannot store it, so
 * SQLite would keep U+FFFD instead. Refused rather than repaired, so what is stored and listed later is
 * exactly what was sent (FEEDBACK-API.md).
 */
export function wellFormedText(): z.ZodString {
  return z.string().refine((s) => !/\p{Cs}/u.test(s), 'must be well-formed Unicode (it holds a lone UTF-16 surrogate)');
}
