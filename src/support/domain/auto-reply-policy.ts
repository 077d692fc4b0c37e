import { envelopeSender, machineMailReason, splitAddress } from './machine-mail';

/**
 * RFC 3834 for our automatic acknowledgements: never answer machines (auto-submitted, bulk, list and
 * bounce mail), never our own addresses (a loop), and at most once per sender per week.
 */
const ACKNOWLEDGEMENT_INTERVAL_MS = 7 * 24 * 3600_000;

export interface AcknowledgementCandidate {
  /** The envelope sender (Return-Path); empty for bounces. */
  returnPath: string | null;
  /** Header values by lower-cased name. */
  headers: ReadonlyMap<string, string>;
  subject?: string;
  ourDomain: string;
}

export type AcknowledgementDecision = { send: true; to: string } | { send: false; reason: string };

export function decideAcknowledgement(candidate: AcknowledgementCandidate): AcknowledgementDecision {
  const reason = machineMailReason(candidate);
  if (reason) return { send: false, reason };
  const to = envelopeSender(candidate.returnPath);
  if (splitAddress(to)[1] === candidate.ourDomain.toLowerCase())
    return { send: false, reason: 'our own address' };
  return { send: true, to };
}

/** A sender acknowledged at or before this instant may be acknowledged again now. */
export function lastAcknowledgementCutoff(now: Date): Date {
  return new Date(now.getTime() - ACKNOWLEDGEMENT_INTERVAL_MS);
}
