import { Request } from 'express';
import { User } from '../accounts/accounts.service';

/** What every dashboard request carries once the web middleware has run. */
export interface WebContext {
  user: User | null;
  /** The raw session token (from the verified cookie), when signed in. */
  sessionToken: string | null;
  /** The signed-in user's credits, shown in the navigation. */
  balance: number | null;
  csrfToken: string;
  /** Nonce for the few inline scripts the Content-Security-Policy allows. */
  scriptNonce: string;
}

export type WebRequest = Request & { web: WebContext };
