/**
 * What each kind of email says, as data. Other modules describe an email with one of these and hand it
 * to MailService; how it looks (templates, headers, tokens) is the mail module's business alone.
 */
export interface Recipient {
  userId: string;
  email: string;
}

export interface EntryForEmail {
  title: string | null;
  link: string | null;
  author: string | null;
  published: Date | null;
  /** Already rewritten for email by the content module. */
  html: string;
}

export interface FeedForEmail {
  id: string;
  title: string | null;
  url: string;
  siteUrl: string | null;
}

export interface EntryEmail {
  /** One per logical email, e.g. `entry:<entryId>:user:<userId>`. */
  dedupKey: string;
  to: Recipient;
  subscriptionId: string;
  feed: FeedForEmail;
  entry: EntryForEmail;
}

export interface DigestSection {
  feed: FeedForEmail;
  subscriptionId: string;
  entries: EntryForEmail[];
  /** Entries left out by the size cap; shown as "N more from this feed". */
  moreCount: number;
}

export interface DigestEmail {
  dedupKey: string;
  to: Recipient;
  /** e.g. "Your daily digest" / "Your weekly digest" / "12 new posts from Example Blog" (a burst). */
  title: string;
  sections: DigestSection[];
}

export interface SignInEmail {
  dedupKey: string;
  to: { userId: string | null; email: string };
  link: string;
  expiresInMinutes: number;
}

export interface LowBalanceEmail {
  dedupKey: string;
  to: Recipient;
  balance: number;
  buyUrl: string;
}

export interface FeedProblemEmail {
  dedupKey: string;
  to: Recipient;
  feed: FeedForEmail;
  problem: 'gone' | 'broken';
  detail: string;
  /** When given, the email carries one-click unsubscription from this subscription. */
  subscriptionId?: string;
}

export interface SupportReplyEmail {
  dedupKey: string;
  /** `userId` is null when answering someone without an account. */
  to: { userId: string | null; email: string };
  subject: string;
  bodyText: string;
  /** Message-IDs of the thread so far, oldest first: sent as In-Reply-To (last) and References. */
  references: string[];
  /** An automatic acknowledgement (RFC 3834): marked `Auto-Submitted: auto-replied`. */
  isAutoReply?: boolean;
}
