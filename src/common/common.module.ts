import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { RandomNumbers } from './random-numbers';

@Global()
@Module({ providers: [Clock, RandomNumbers], exports: [Clock, RandomNumbers] })
export class CommonModule {}
