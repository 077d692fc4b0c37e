import { ValidationError } from '../../common/errors';
import type { FeedCredentials } from '../../feeds/domain/feed-credentials';

export interface FeedLoginOptions {
  authUser?: string;
  authPasswordStdin?: boolean;
  authBearerStdin?: boolean;
}

/**
 * The login of `subscribe`, its secret read from standard input (never an argument, which `ps` and
 * shell histories show); undefined without one. One trailing line break is not part of the secret.
 */
export async function feedLoginFrom(
  options: FeedLoginOptions,
  readInput: () => Promise<string>,
): Promise<FeedCredentials | undefined> {
  const { authUser, authPasswordStdin, authBearerStdin } = options;
  if (authBearerStdin && (authUser !== undefined || authPasswordStdin))
    throw new ValidationError('--auth-bearer-stdin cannot go with --auth-user or --auth-password-stdin');
  if ((authUser === undefined) !== !authPasswordStdin)
    throw new ValidationError('--auth-user and --auth-password-stdin go together');
  if (!authBearerStdin && !authPasswordStdin) return undefined;
  const secret = (await readInput()).replace(/\r?\n$/, '');
  if (authBearerStdin) return { kind: 'bearer', token: secret };
  return { kind: 'basic', user: authUser!, password: secret };
}

/** Everything piped to the command. */
export async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
