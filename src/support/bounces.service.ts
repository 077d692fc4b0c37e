import { Injectable, Logger } from '@nestjs/common';
import { OutboxService } from '../mail/outbox.service';
import { SuppressionsService } from '../mail/suppressions.service';
import { DsnVerdict, parseDsn } from './domain/parse-dsn';
import { InboundMail } from './parse-inbound-mail';

/** A DSN for one of our emails: a permanent failure bounces it and suppresses the address; a delay counts. */
@Injectable()
export class BouncesService {
  private readonly logger = new Logger(BouncesService.name);

  constructor(
    private readonly outbox: OutboxService,
    private readonly suppressions: SuppressionsService,
  ) {}

  async handle(outboxId: string, mail: InboundMail): Promise<DsnVerdict> {
    const dsn = parseDsn({ parts: mail.parts, text: mail.text });
    const email = await this.outbox.findById(outboxId);
    if (!email) {
      this.logger.warn(`a bounce for an email we no longer have (${outboxId})`);
      return dsn.verdict;
    }
    if (dsn.verdict === 'permanent') {
      const failure = dsn.recipients.find((recipient) => recipient.status.startsWith('5'));
      const detail = `bounced: ${failure?.status} ${failure?.diagnostic ?? ''}`.trim();
      await this.outbox.markBounced(email.id, detail);
      await this.suppressions.suppress(email.toAddress, detail, email.id);
    } else if (dsn.verdict === 'temporary') {
      await this.outbox.countSoftBounce(email.id);
    }
    this.logger.log(`bounce for email ${email.id}: ${dsn.verdict}`);
    return dsn.verdict;
  }
}
