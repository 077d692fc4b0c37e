import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { isServeRole, PROCESS_ROLE, ProcessRole } from '../config/process-role';
import { ClaimLeases } from './claim-leases';
import { buildDataSourceOptions } from './data-source-options';
import { DatabaseHealth } from './database-health';
import { DatabaseSpace } from './database-space';
import { SqliteCheckpoints } from './sqlite-checkpoints';
import { Transactions } from './transactions';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [CONFIG, PROCESS_ROLE],
      useFactory: (config: Config, role: ProcessRole) => ({
        ...buildDataSourceOptions(config.DATABASE_URL, { checkpointsInBackground: isServeRole(role) }),
        retryAttempts: 0,
      }),
    }),
  ],
  providers: [
    {
      provide: Transactions,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new Transactions(dataSource),
    },
    DatabaseHealth,
    DatabaseSpace,
    SqliteCheckpoints,
    ClaimLeases,
  ],
  exports: [Transactions, DatabaseHealth, DatabaseSpace, ClaimLeases],
})
export class DbModule {}
