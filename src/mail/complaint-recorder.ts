import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { newId, sha256Hex } from '../common/ids';
import { Metrics } from '../common/metrics';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { ComplaintEvidence, ComplaintProof, judgeComplaint } from './domain/complaint-proof';
import { readSignedAddress, unsubscribeTargetFromToken } from './domain/mail-tokens';
import { ComplaintRepository } from './complaint.repository';
import { OutboxEmailEntity } from './outbox-email.entity';
import { OutboxService } from './outbox.service';
import { SuppressionsRepository } from './suppressions.repository';
import { UnsubscribeService } from './unsubscribe.service';

/** A feedback-loop report, as the inbound module read it. */
export interface Complaint {
  /** Lower case (abuse, fraud, virus, other…). */
  feedbackType: string;
  userAgent: string | null;
  /** Addresses of the original that may carry our signed tokens (VERP envelope sender, Reply-To). */
  addresses: string[];
  /** The original's Message-IDs. */
  messageIds: string[];
  /** The tokens of the original's List-Unsubscribe links. */
  unsubscribeTokens?: string[];
}

export interface ComplaintOutcome {
  /** The email reported, or null when the report names none of ours (then nothing changed). */
  emailId: string | null;
  /** What named it: one of our signed tokens, or only its Message-ID (see `judgeComplaint`). */
  proof: ComplaintProof | null;
  /** False when this email's complaint was counted before (a repeated report). */
  isNew: boolean;
  /** Subscriptions ended now. */
  unsubscribed: number;
}

/**
 * A reader reported one of our emails as spam. What changes depends on what the report proves
 * (`judgeComplaint`): a signed token of ours ends the subscriptions that email belongs to and stops
 * subscribed mail to the address (service mail still goes); a Message-ID alone ends that email's
 * subscriptions and no more; a report naming no email of ours changes nothing and is not counted as a
 * complaint. A complaint is counted once per email however often the provider repeats it, and every step
 * is idempotent, so a report delivered twice changes nothing.
 */
@Injectable()
export class ComplaintRecorder {
  private readonly logger = new Logger(ComplaintRecorder.name);

  constructor(
    private readonly complaints: ComplaintRepository,
    private readonly outbox: OutboxService,
    private readonly suppressions: SuppressionsRepository,
    private readonly unsubscribes: UnsubscribeService,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async record(complaint: Complaint): Promise<ComplaintOutcome> {
    const reporter = `${complaint.feedbackType}, ${complaint.userAgent ?? 'unknown reporter'}`;
    const decision = judgeComplaint(await this.evidence(complaint));
    const email = decision.emailId ? await this.outbox.findById(decision.emailId) : null;
    if (!decision.proof || !email) {
      this.metrics.countUnprovenReport();
      this.logger.warn(`feedback report (${reporter}) naming no email of ours: nothing changed`);
      return { emailId: null, proof: null, isNew: false, unsubscribed: 0 };
    }
    this.metrics.countComplaint(decision.proof);
    const isNew = await this.count(complaint, email);
    if (decision.suppressesReader) {
      const reason = `complaint: ${complaint.feedbackType} via ${complaint.userAgent ?? 'a feedback loop'}`;
      await this.suppressions.suppress(email.toAddress, reason, email.id, 'bulk');
    }
    const unsubscribed = await this.unsubscribes.end({ emailId: email.id });
    this.logger.warn(
      `complaint about ${email.kind} email ${email.id} (${reporter}${isNew ? '' : ', again'}; named by ` +
        `${decision.proof}): ${unsubscribed} subscription(s) ended` +
        (decision.suppressesReader ? ', subscribed mail to its reader stopped' : ''),
    );
    return { emailId: email.id, proof: decision.proof, isNew, unsubscribed };
  }

  /** Complaints received since that instant (all of them without one). */
  countSince(since?: Date): Promise<number> {
    return this.complaints.countSince(since);
  }

  /**
   * Which of our emails the report names: by a token of ours that verifies (a VERP or reply address, a
   * List-Unsubscribe link of the original's headers) and whose row we keep, and by Message-ID.
   */
  private async evidence(complaint: Complaint): Promise<ComplaintEvidence> {
    const signedIds = [
      ...complaint.addresses.map((address) => readSignedAddress(this.config.SECRET_KEY, address)?.outboxId),
      ...(complaint.unsubscribeTokens ?? []).map((token) => {
        const target = unsubscribeTargetFromToken(this.config.SECRET_KEY, token);
        return target && 'emailId' in target ? target.emailId : null;
      }),
    ];
    let signedEmailId: string | null = null;
    for (const id of new Set(signedIds)) {
      if (id && (await this.outbox.findById(id))) {
        signedEmailId = id;
        break;
      }
    }
    const ids = complaint.messageIds.flatMap((id) => [id, id.toLowerCase()]);
    const [byMessageId] = ids.length ? await this.outbox.findByMessageIds([...new Set(ids)]) : [];
    return { signedEmailId, messageIdEmailId: byMessageId?.id ?? null };
  }

  /** Returns whether this complaint is a new one (the first about this email). */
  private count(complaint: Complaint, email: OutboxEmailEntity): Promise<boolean> {
    return this.complaints.insert({
      id: newId(),
      outboxEmailId: email.id,
      address: email.toAddress.toLowerCase(),
      feedbackType: complaint.feedbackType.slice(0, 32),
      userAgent: complaint.userAgent?.slice(0, 200) ?? null,
      dedupHash: sha256Hex(`email:${email.id}`),
      createdAt: this.clock.now(),
    });
  }
}
