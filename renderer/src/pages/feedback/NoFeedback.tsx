/** The first-run state of the feedback page: where feedback comes from, and how to bring it in. */
import { EmptyState } from '../../ui/EmptyState.js';
import { Command } from '../../ui/Command.js';

/**
 * Shown when the project has no feedback at all (not when a filter matches nothing). The command it
 * suggests names the project, so that it runs as shown (`feedback import` refuses to guess one).
 */
export function NoFeedback({ projectId }: { readonly projectId: string }) {
  return (
    <EmptyState icon="feedback" title="No feedback yet">
      <p>
        Readers leave feedback with the widgets on every page of a docs site Offprint serves: a helpful / not helpful
        vote with an optional comment, and comments on code blocks. AI agents reading the docs can send feedback too.
        Each entry shows up here at once.
      </p>
      <p>
        Feedback collected on an air-gapped network comes back as an NDJSON file: import it below, or run{' '}
        <Command text={`offprint feedback import --project ${projectId === '' ? 'ID' : projectId} FILE.ndjson`} />.
      </p>
    </EmptyState>
  );
}
