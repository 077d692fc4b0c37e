import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { SupportThreads1763769660000 } from './1763769660000-support-threads';
import { MailBounces1763769660001 } from './1763769660001-mail-bounces';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations = [InitialSchema1763769600000, SupportThreads1763769660000, MailBounces1763769660001];
