import { DomainError } from '../common/errors';

/**
 * A message refused for what it is, not for a fault of ours: the SMTP listener answers it with a
 * permanent 5xx and the reason, so that the sending server gives up at once and tells its user instead
 * of retrying for days; the webhook answers its 4xx. Only our own faults (the database down…) are 451.
 */
export abstract class MessageRefusedError extends DomainError {
  /** The permanent SMTP reply code (5xx). */
  abstract readonly smtpCode: number;
  /** The RFC 3463 enhanced status code that goes before the reason. */
  abstract readonly smtpStatus: string;
}

/** A reply-…/bounce-… address whose token we did not sign: SMTP 550, HTTP 422. */
export class ForgedAddressError extends MessageRefusedError {
  readonly httpStatus = 422;
  readonly smtpCode = 550;
  readonly smtpStatus = '5.1.1';
}

export class MessageTooLargeError extends MessageRefusedError {
  readonly httpStatus = 413;
  readonly smtpCode = 552;
  readonly smtpStatus = '5.3.4';
}

/** A message the MIME parser refuses (nesting beyond its limit, headers beyond theirs…): SMTP 554, HTTP 422. */
export class UnreadableMessageError extends MessageRefusedError {
  readonly httpStatus = 422;
  readonly smtpCode = 554;
  readonly smtpStatus = '5.6.0';
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly httpStatus = 415;
}
