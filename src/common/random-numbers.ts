import { Injectable } from '@nestjs/common';

/** The only source of chance for services (random k, poll jitter, cycle order); tests replace it to choose. */
@Injectable()
export class RandomNumbers {
  /** A number in [0, 1), like Math.random. */
  next(): number {
    return Math.random();
  }
}
