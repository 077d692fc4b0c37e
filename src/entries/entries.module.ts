import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { EntriesRepository } from './entries.repository';
import { EntriesService } from './entries.service';
import { FeedParser } from './feed-parser';
import { EntryEntity } from './entry.entity';

@Module({
  imports: [TypeOrmModule.forFeature([EntryEntity])],
  providers: [
    EntriesService,
    EntriesRepository,
    { provide: FeedParser, inject: [CONFIG], useFactory: (config: Config) => FeedParser.fromConfig(config) },
  ],
  exports: [EntriesService, FeedParser],
})
export class EntriesModule {}
