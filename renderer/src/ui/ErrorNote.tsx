/** An API error with its details, announced to screen readers. */
import { ApiError } from '../api/errors.js';
import { Icon } from './Icon.js';

/** Renders nothing when there is no error. */
export function ErrorNote({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const details = error instanceof ApiError ? error.details : [];
  return (
    <div className="callout danger" role="alert">
      <Icon name="alert" />
      <div>
        <strong>{message}</strong>
        {details.length > 0 && (
          <ul>
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
