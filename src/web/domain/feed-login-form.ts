import { FeedCredentials, feedCredentialsSchema } from '../../feeds/domain/feed-credentials';

/** A posted login form: the credentials, or why not (its values are never shown back). */
export type FeedLoginFormResult =
  { isValid: true; login: FeedCredentials } | { isValid: false; error: string };

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** `loginKind` basic (`loginUser`, `loginPassword`) or bearer (`loginToken`). */
export function readFeedLoginForm(body: Record<string, unknown>): FeedLoginFormResult {
  const kind = body.loginKind === 'bearer' ? 'bearer' : 'basic';
  const candidate =
    kind === 'bearer'
      ? { kind, token: text(body.loginToken, 5000).trim() }
      : { kind, user: text(body.loginUser, 1000), password: text(body.loginPassword, 2000) };
  const parsed = feedCredentialsSchema.safeParse(candidate);
  if (!parsed.success) return { isValid: false, error: parsed.error.issues[0].message };
  return { isValid: true, login: parsed.data };
}
