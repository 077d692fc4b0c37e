import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntriesService } from './entries.service';
import { EntryEntity } from './entry.entity';

@Module({
  imports: [TypeOrmModule.forFeature([EntryEntity])],
  providers: [EntriesService],
  exports: [EntriesService],
})
export class EntriesModule {}
