import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { BillingLedger1763769630000 } from './1763769630000-billing-ledger';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations = [InitialSchema1763769600000, BillingLedger1763769630000];
