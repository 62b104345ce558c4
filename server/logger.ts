/** The one logger of the server and CLI: structured JSON lines on stderr (stdout belongs to commands). */
import { pino } from 'pino';

/** The logger type used everywhere. */
export type Logger = pino.Logger;

/**
 * Creates the logger; level from `OFFPRINT_LOG_LEVEL`, else `fallbackLevel`. Its JSON lines go to
 * stderr, or to `destination` (the CLI's export turns them into readable lines below its progress bar).
 */
export function createLogger(
  fallbackLevel: pino.LevelWithSilent = 'info',
  destination: pino.DestinationStream = pino.destination({ fd: 2, sync: true }),
): Logger {
  const level = process.env['OFFPRINT_LOG_LEVEL'] ?? fallbackLevel;
  return pino({ level, base: { app: 'offprint' } }, destination);
}

/** A logger that writes nothing, for tests and embedding. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
