import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { DeliveryDigests1763769640000 } from './1763769640000-delivery-digests';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations = [InitialSchema1763769600000, DeliveryDigests1763769640000];
