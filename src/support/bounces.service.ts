import { Injectable, Logger } from '@nestjs/common';
import { MailService } from '../mail/mail.service';
import { DsnVerdict, parseDsn } from './domain/parse-dsn';
import { InboundMail } from './parse-inbound-mail';

/**
 * A DSN sent to one of our VERP addresses: a permanent failure fails the email and suppresses its
 * address, a delay only counts (both recorded by the mail module).
 */
@Injectable()
export class BouncesService {
  private readonly logger = new Logger(BouncesService.name);

  constructor(private readonly mail: MailService) {}

  async handle(bounceAddress: string, mail: InboundMail): Promise<DsnVerdict> {
    const dsn = parseDsn({ parts: mail.parts, text: mail.text });
    let recorded = true;
    if (dsn.verdict === 'permanent') {
      const failure = dsn.recipients.find((recipient) => recipient.status.startsWith('5'));
      const detail = `bounced: ${failure?.status} ${failure?.diagnostic ?? ''}`.trim();
      recorded = await this.mail.recordBounce(bounceAddress, detail);
    } else if (dsn.verdict === 'temporary') {
      recorded = await this.mail.recordDelay(bounceAddress);
    }
    if (!recorded) this.logger.warn(`a bounce for an email we no longer have (${bounceAddress})`);
    else this.logger.log(`bounce to ${bounceAddress}: ${dsn.verdict}`);
    return dsn.verdict;
  }
}
