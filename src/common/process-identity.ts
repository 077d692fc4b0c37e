import { hostname } from 'node:os';

/** This process as claims name their owner (`host:pid`), for people reading a claimed row. */
export function processIdentity(): string {
  return `${hostname()}:${process.pid}`.slice(0, 120);
}
