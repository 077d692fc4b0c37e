/** Errors that services throw; the HTTP exception filter and the CLI map them to responses and exit codes. */
export abstract class DomainError extends Error {
  abstract readonly httpStatus: number;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly httpStatus = 400;

  /** Each refused field's message, by the field's name, when the input was a form's. */
  constructor(
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly httpStatus = 404;
}

export class ConflictError extends DomainError {
  readonly httpStatus = 409;
}

export class TooManyRequestsError extends DomainError {
  readonly httpStatus = 429;
}

export class UnauthorizedError extends DomainError {
  readonly httpStatus = 401;
}

export class ForbiddenError extends DomainError {
  readonly httpStatus = 403;
}

/** Something that existed and is no longer usable (a used or expired sign-in link). */
export class GoneError extends DomainError {
  readonly httpStatus = 410;
}

/**
 * A link from one of our emails that we refuse (changed on its way, used, expired): a browser gets a
 * page saying why (the message) and what to do (`advice`, and `next` to follow).
 */
export class RefusedLinkError extends DomainError {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly advice: string,
    readonly next?: { href: string; label: string },
  ) {
    super(message);
  }
}
