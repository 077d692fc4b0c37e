export type FetchErrorKind =
  'blocked' | 'timeout' | 'too-large' | 'too-many-redirects' | 'redirect-loop' | 'bad-url' | 'network';

/** A fetch that produced no usable response; `kind` is what `feeds list` shows as the outcome. */
export class FetchError extends Error {
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'FetchError';
  }
}
