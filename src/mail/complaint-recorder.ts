import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { newId, sha256Hex } from '../common/ids';
import { Metrics } from '../common/metrics';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { readSignedAddress } from './domain/mail-tokens';
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
  /** Tells reports apart when they name no email of ours (the report's own Message-ID, or a digest of it). */
  reportId: string;
}

export interface ComplaintOutcome {
  /** The email reported, or null when it is not one of ours. */
  emailId: string | null;
  /** False when this email's complaint was counted before (a repeated report). */
  isNew: boolean;
  /** Subscriptions ended now. */
  unsubscribed: number;
}

/**
 * A reader reported one of our emails as spam: the subscriptions it belongs to end, subscribed mail to
 * the address stops (service mail still goes), and the complaint is counted once per email however
 * often the provider repeats it. Every step is idempotent, so a report delivered twice changes nothing.
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
    this.metrics.countComplaint();
    const email = await this.reportedEmail(complaint);
    const isNew = await this.count(complaint, email);
    if (!email) {
      this.logger.warn(
        `complaint (${complaint.feedbackType}, ${complaint.userAgent ?? 'unknown reporter'}) about an email that is not ours or no longer kept`,
      );
      return { emailId: null, isNew, unsubscribed: 0 };
    }
    const reason = `complaint: ${complaint.feedbackType} via ${complaint.userAgent ?? 'a feedback loop'}`;
    await this.suppressions.suppress(email.toAddress, reason, email.id, 'bulk');
    const unsubscribed = await this.unsubscribes.end({ emailId: email.id });
    this.logger.warn(
      `complaint about ${email.kind} email ${email.id} (${complaint.feedbackType}${isNew ? '' : ', again'}): ${unsubscribed} subscription(s) ended, subscribed mail to its reader stopped`,
    );
    return { emailId: email.id, isNew, unsubscribed };
  }

  /** Complaints received since that instant (all of them without one). */
  countSince(since?: Date): Promise<number> {
    return this.complaints.countSince(since);
  }

  /** Our email, named by a signed address (VERP, Reply-To) first, else by its Message-ID. */
  private async reportedEmail(complaint: Complaint): Promise<OutboxEmailEntity | null> {
    for (const address of complaint.addresses) {
      const outboxId = readSignedAddress(this.config.SECRET_KEY, address)?.outboxId;
      const email = outboxId ? await this.outbox.findById(outboxId) : null;
      if (email) return email;
    }
    const ids = complaint.messageIds.flatMap((id) => [id, id.toLowerCase()]);
    const [email] = await this.outbox.findByMessageIds([...new Set(ids)]);
    return email ?? null;
  }

  /** Returns whether this complaint is a new one. */
  private count(complaint: Complaint, email: OutboxEmailEntity | null): Promise<boolean> {
    return this.complaints.insert({
      id: newId(),
      outboxEmailId: email?.id ?? null,
      address: email?.toAddress.toLowerCase() ?? null,
      feedbackType: complaint.feedbackType.slice(0, 32),
      userAgent: complaint.userAgent?.slice(0, 200) ?? null,
      dedupHash: sha256Hex(email ? `email:${email.id}` : `report:${complaint.reportId}`),
      createdAt: this.clock.now(),
    });
  }
}
