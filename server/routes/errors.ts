/** Response specs shared by routes. */
import { z } from 'zod';
import type { ResponseSpec } from '../http/route.js';

/** The error body every non-2xx response carries. */
export const ErrorBodySchema = z.object({
  error: z.string().meta({ description: 'Message describing what went wrong.' }),
  details: z
    .array(z.object({ message: z.string().meta({ description: 'One validation or processing problem.' }) }))
    .optional()
    .meta({ description: 'One entry per problem, all problems at once.' }),
});

/** An error body whose `details` are always there: the 401s, which always say what to send instead. */
export const ErrorBodyWithDetailsSchema = ErrorBodySchema.required({ details: true });

/** A documented error response. */
export function errorResponse(description: string): ResponseSpec {
  return { description, schema: ErrorBodySchema };
}

/** The errors every authenticated route can give. */
export const AUTH_ERRORS: Readonly<Record<number, ResponseSpec>> = {
  401: {
    description: 'Missing, malformed, unknown or revoked API key; the detail says what to send instead',
    schema: ErrorBodyWithDetailsSchema,
  },
};
