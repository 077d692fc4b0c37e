import { Injectable } from '@nestjs/common';

/** The only source of "now" for services; tests and `--at` replace it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
