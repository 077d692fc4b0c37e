import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { FetcherState1763769610000 } from './1763769610000-fetcher-state';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations = [InitialSchema1763769600000, FetcherState1763769610000];
