import { z } from 'zod';
import { ValidationError } from './errors';

/** Parses with a zod schema, turning failures into one readable ValidationError. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { issues } = result.error;
  const fields: Record<string, string> = {};
  for (const issue of issues) if (issue.path.length) fields[String(issue.path[0])] ??= issue.message;
  throw new ValidationError(
    issues
      .map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
      .join('; '),
    fields,
  );
}

/** True when a database error is a unique-constraint violation, on SQLite and MySQL alike. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    code === 'ER_DUP_ENTRY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(message ?? '')
  );
}
