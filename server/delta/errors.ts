/** Why a delta is refused: the first reason is the message, every reason is listed. */
export class DeltaRefusedError extends Error {
  /** Every reason, one sentence each (the message is the first). */
  readonly problems: readonly string[];

  constructor(problems: readonly [string, ...string[]]) {
    super(problems[0]);
    this.name = 'DeltaRefusedError';
    this.problems = problems;
  }
}

/** Refuses with one reason. */
export function refuse(reason: string): DeltaRefusedError {
  return new DeltaRefusedError([reason]);
}
