import { DomainError } from '../common/errors';

/** The page needs a signed-in user; the web filter redirects to the sign-in page. */
export class SignInRequiredError extends DomainError {
  readonly httpStatus = 401;
}

export class CsrfRejectedError extends DomainError {
  readonly httpStatus = 403;
}
