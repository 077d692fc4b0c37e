import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { MailDelivery1763769620000 } from './1763769620000-mail-delivery';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations = [InitialSchema1763769600000, MailDelivery1763769620000];
