import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SafeHttpModule } from '../http/safe-http.module';
import { EntryHtmlService } from './entry-html.service';
import { ExtractedArticleEntity } from './extracted-article.entity';
import { ExtractedArticlesRepository } from './extracted-articles.repository';

@Module({
  imports: [TypeOrmModule.forFeature([ExtractedArticleEntity]), SafeHttpModule],
  providers: [EntryHtmlService, ExtractedArticlesRepository],
  exports: [EntryHtmlService],
})
export class ContentModule {}
