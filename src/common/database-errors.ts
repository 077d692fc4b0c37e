/** Codes of a database that did not answer (it may come back), as opposed to one that answered no. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
]);

/** A driver's error, or TypeORM's QueryFailedError around one (it keeps the driver's `code`). */
export function isDatabaseUnreachable(error: unknown): boolean {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  return UNREACHABLE_CODES.has(String(code)) || UNREACHABLE_CODES.has(String(driverError?.code));
}

export const DATABASE_UNREACHABLE_MESSAGE =
  'Tidings cannot reach its database just now, so this could not be done.';
export const DATABASE_UNREACHABLE_ADVICE = 'Try again in a minute.';
