/**
 * How far a complaint (feedback report) may act, by what it proves. Anyone who has seen one email's
 * headers can write a report naming its Message-ID, so that alone proves little: it ends the
 * subscriptions of that one email and no more. A token Tidings signed and put in the original (its VERP
 * or reply address, its List-Unsubscribe link) proves the report carries the email as its reader got
 * it: then the reader's subscribed mail stops too. A report proving neither (a token of ours that does
 * not verify, an email that is not ours) is not a complaint: nothing changes and it is not counted.
 */
export type ComplaintProof = 'signed-token' | 'message-id';

export interface ComplaintEvidence {
  /** The email one of our tokens in the report names (verified, and the row exists), or null. */
  signedEmailId: string | null;
  /** The email whose Message-ID the report names, or null. */
  messageIdEmailId: string | null;
}

export type ComplaintDecision =
  | { emailId: string; proof: ComplaintProof; endsSubscriptions: true; suppressesReader: boolean }
  | { emailId: null; proof: null; endsSubscriptions: false; suppressesReader: false };

export function judgeComplaint(evidence: ComplaintEvidence): ComplaintDecision {
  if (evidence.signedEmailId)
    return {
      emailId: evidence.signedEmailId,
      proof: 'signed-token',
      endsSubscriptions: true,
      suppressesReader: true,
    };
  if (evidence.messageIdEmailId)
    return {
      emailId: evidence.messageIdEmailId,
      proof: 'message-id',
      endsSubscriptions: true,
      suppressesReader: false,
    };
  return { emailId: null, proof: null, endsSubscriptions: false, suppressesReader: false };
}
