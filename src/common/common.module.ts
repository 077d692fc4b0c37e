import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { Metrics } from './metrics';
import { RandomNumbers } from './random-numbers';
import { ShutdownSignal } from './shutdown-signal';

@Global()
@Module({
  providers: [Clock, RandomNumbers, ShutdownSignal, Metrics],
  exports: [Clock, RandomNumbers, ShutdownSignal, Metrics],
})
export class CommonModule {}
