/** Shows an API error with its details. */
import { ApiError } from '../api.js';

/** Renders nothing when there is no error. */
export function ErrorNote({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  if (error instanceof ApiError) {
    return (
      <div className="error" role="alert">
        <strong>{error.message}</strong>
        {error.details.length > 0 && (
          <ul>
            {error.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <div className="error" role="alert">
      {error instanceof Error ? error.message : 'Something went wrong'}
    </div>
  );
}
