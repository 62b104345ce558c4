/** A command line to type or copy, shown so that it wraps only between its words. */

/**
 * `offprint ...` in a `<code>`, each word its own inline block: a line breaks only at a space, never
 * after a hyphen (Chromium would split `--fingerprint` into `--` and `fingerprint`, or a fingerprint at
 * its dashes, and the command reads wrong). A word wider than the line still wraps inside itself.
 */
export function Command({ text, className }: { readonly text: string; readonly className?: string }) {
  const words = text.split(' ');
  return (
    <code className={className === undefined ? 'cli' : `cli ${className}`}>
      {words.map((word, i) => (
        // The words of one fixed command: their order is their identity.
        <span key={i}>
          <span className="cli-word">{word}</span>
          {i < words.length - 1 ? ' ' : ''}
        </span>
      ))}
    </code>
  );
}
