import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { sha256Hex } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { MailService } from '../mail/mail.service';
import { decideAcknowledgement, lastAcknowledgementCutoff } from './domain/auto-reply-policy';
import { replySubject } from './domain/message-ids';
import { InboundMail } from './parse-inbound-mail';
import { SupportAcknowledgementEntity } from './support-acknowledgement.entity';
import { Message } from './support.repository';

const BODY =
  'We have received your message and will answer in this thread as soon as we can.\n\n— Tidings support\n';

/** Automatic acknowledgements (SUPPORT_AUTO_ACK), by RFC 3834, at most one per sender per week. */
@Injectable()
export class AcknowledgementsService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @InjectRepository(SupportAcknowledgementEntity)
    private readonly acknowledgements: Repository<SupportAcknowledgementEntity>,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async maybeAcknowledge(mail: InboundMail, returnPath: string | null, message: Message): Promise<boolean> {
    if (!this.config.SUPPORT_AUTO_ACK) return false;
    const decision = decideAcknowledgement({
      returnPath,
      headers: mail.headers,
      subject: mail.subject,
      ourDomain: this.config.MAIL_FROM.split('@')[1],
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

  /** Compare-and-set on the sender's last acknowledgement, so that concurrent messages send one. */
  private async claim(address: string): Promise<boolean> {
    const senderHash = sha256Hex(address.toLowerCase());
    const now = this.clock.now();
    try {
      await this.acknowledgements.insert({ senderHash, lastSentAt: now });
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const result = await this.acknowledgements.update(
      { senderHash, lastSentAt: LessThanOrEqual(lastAcknowledgementCutoff(now)) },
      { lastSentAt: now },
    );
    return result.affected === 1;
  }
}
