import { DomainError } from '../common/errors';

/** A reply-…/bounce-… address whose token we did not sign: SMTP 550, HTTP 422. */
export class ForgedAddressError extends DomainError {
  readonly httpStatus = 422;
}

export class MessageTooLargeError extends DomainError {
  readonly httpStatus = 413;
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly httpStatus = 415;
}
