import { Injectable } from '@nestjs/common';

/** The source of "random k"; tests replace it to choose. */
@Injectable()
export class RandomNumbers {
  next(): number {
    return Math.random();
  }
}
