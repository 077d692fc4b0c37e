import { Entry } from '../entries/entries.service';
import { Subscription } from '../feeds/feeds.service';
import { PostFateEntity } from './post-fate.entity';

type Decision = Partial<Pick<PostFateEntity, 'rule' | 'repeatOfEntryId' | 'emailKey' | 'cadence'>> &
  Pick<PostFateEntity, 'fate'>;

/** The fates one poll's planning decides, gathered to be written in one batch at its end. */
export class PollFates {
  readonly rows: PostFateEntity[] = [];
  private readonly decided = new Set<string>();

  constructor(
    private readonly feedId: string,
    private readonly now: Date,
  ) {}

  /** The first decision for a reader and post stands (a repeat is decided before it is emailed). */
  add(subscription: Subscription, entry: Entry, decision: Decision): void {
    const key = `${subscription.userId} ${entry.id}`;
    if (this.decided.has(key)) return;
    this.decided.add(key);
    this.rows.push({
      entryId: entry.id,
      userId: subscription.userId,
      feedId: this.feedId,
      subscriptionId: subscription.id,
      seenAt: entry.firstSeenAt,
      rule: null,
      repeatOfEntryId: null,
      emailKey: null,
      cadence: null,
      decidedAt: this.now,
      ...decision,
    });
  }
}
