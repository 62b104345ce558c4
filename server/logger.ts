/** The one logger of the server and CLI: structured JSON lines on stderr (stdout belongs to commands). */
import { pino } from 'pino';

/** The logger type used everywhere. */
export type Logger = pino.Logger;

/** Creates the logger; level from `OFFPRINT_LOG_LEVEL`, else `fallbackLevel`. */
export function createLogger(fallbackLevel: pino.LevelWithSilent = 'info'): Logger {
  const level = process.env['OFFPRINT_LOG_LEVEL'] ?? fallbackLevel;
  return pino({ level, base: { app: 'offprint' } }, pino.destination({ fd: 2, sync: true }));
}

/** A logger that writes nothing, for tests and embedding. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
