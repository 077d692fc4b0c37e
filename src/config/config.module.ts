import { DynamicModule, Global, Module } from '@nestjs/common';
import { Config } from './load-config';
import { PROCESS_ROLE, ProcessRole } from './process-role';

export const CONFIG = Symbol('CONFIG');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: Config, role: ProcessRole = 'cli'): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: PROCESS_ROLE, useValue: role },
      ],
      exports: [CONFIG, PROCESS_ROLE],
    };
  }
}
