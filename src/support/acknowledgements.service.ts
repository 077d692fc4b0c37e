import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { sha256Hex } from '../common/ids';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { MailService } from '../mail/mail.service';
import { decideAcknowledgement, lastAcknowledgementCutoff } from './domain/auto-reply-policy';
import { replySubject } from './domain/message-ids';
import { InboundMail } from './parse-inbound-mail';
import { AcknowledgementsRepository } from './acknowledgements.repository';
import { Message } from './support.repository';

const BODY =
  'We have received your message and will answer in this thread as soon as we can.\n\n— Tidings support\n';

/** Automatic acknowledgements (SUPPORT_AUTO_ACK), by RFC 3834, at most one per sender per week. */
@Injectable()
export class AcknowledgementsService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly acknowledgements: AcknowledgementsRepository,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async maybeAcknowledge(mail: InboundMail, returnPath: string | null, message: Message): Promise<boolean> {
    if (!this.config.SUPPORT_AUTO_ACK) return false;
    const decision = decideAcknowledgement({
      returnPath,
      headers: mail.headers,
      subject: mail.subject,
      ourDomain: this.config.MAIL_FROM.domain,
    });
    if (!decision.send || !(await this.claim(decision.to))) return false;
    return this.mail.sendSupportReply({
      dedupKey: `support-ack:${message.id}`,
      to: { userId: null, email: decision.to },
      subject: replySubject(mail.subject),
      bodyText: BODY,
      references: [message.messageId],
      isAutoReply: true,
    });
  }

  /** At most one acknowledgement per sender per week, even for messages arriving at once. */
  private claim(address: string): Promise<boolean> {
    const now = this.clock.now();
    const senderHash = sha256Hex(address.toLowerCase());
    return this.acknowledgements.claim(senderHash, now, lastAcknowledgementCutoff(now));
  }
}
