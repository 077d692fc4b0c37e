import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { RandomNumbers } from './random-numbers';
import { ShutdownSignal } from './shutdown-signal';

@Global()
@Module({
  providers: [Clock, RandomNumbers, ShutdownSignal],
  exports: [Clock, RandomNumbers, ShutdownSignal],
})
export class CommonModule {}
