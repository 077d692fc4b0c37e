import { DomainError } from '../common/errors';

/** Stripe is not configured (no secret key or no webhook secret): buying is impossible for now. */
export class BillingUnavailableError extends DomainError {
  readonly httpStatus = 503;
}

/** A webhook whose signature does not verify: forged, tampered, re-serialised, stale or wrongly signed. */
export class WebhookSignatureError extends DomainError {
  readonly httpStatus = 400;
}
