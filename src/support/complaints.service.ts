import { Injectable, Logger } from '@nestjs/common';
import { MailService } from '../mail/mail.service';
import { FeedbackReport, isComplaint } from './domain/parse-feedback-report';

export type ComplaintVerdict = 'recorded' | 'repeated' | 'unknown-email' | 'not-a-complaint';

/**
 * A feedback report (ARF) from a mailbox provider's feedback loop, sent to any of our addresses: a
 * complaint is recorded by the mail module, as far as the report proves (`judgeComplaint`: a signed
 * token of ours ends the email's subscriptions and stops subscribed mail; a Message-ID alone ends that
 * email's subscriptions; a report naming no email of ours changes nothing); "not spam" and
 * authentication-failure reports are only logged.
 */
@Injectable()
export class ComplaintsService {
  private readonly logger = new Logger(ComplaintsService.name);

  constructor(private readonly mail: MailService) {}

  /** `recipients`: the addresses of ours it was sent to (a VERP address also names the email). */
  async handle(report: FeedbackReport, recipients: string[]): Promise<ComplaintVerdict> {
    if (!isComplaint(report)) {
      this.logger.log(
        `${report.feedbackType} report from ${report.userAgent ?? 'an unknown reporter'}: nothing to do`,
      );
      return 'not-a-complaint';
    }
    const outcome = await this.mail.recordComplaint({
      ...report,
      addresses: [...recipients, ...report.addresses],
    });
    if (!outcome.emailId) return 'unknown-email';
    return outcome.isNew ? 'recorded' : 'repeated';
  }
}
