import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { Push1763769670000 } from './1763769670000-push';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations = [InitialSchema1763769600000, Push1763769670000];
