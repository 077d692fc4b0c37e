import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/zod-errors';
import { nextBatch, PruneBatch, PruneRequest } from '../db/prune-batch';
import { ExtractedArticleEntity } from './extracted-article.entity';

/** The `extracted_articles` table: one full-text result (or failure) per entry. */
@Injectable()
export class ExtractedArticlesRepository {
  constructor(
    @InjectRepository(ExtractedArticleEntity) private readonly articles: Repository<ExtractedArticleEntity>,
  ) {}

  findByEntryId(entryId: string): Promise<ExtractedArticleEntity | null> {
    return this.articles.findOneBy({ entryId });
  }

  /** Replaces the article extracted for an older version of its entry. */
  async replace(article: ExtractedArticleEntity): Promise<ExtractedArticleEntity> {
    await this.articles.save(article);
    return article;
  }

  /** Stores the article, or returns the one another process stored for the entry meanwhile. */
  async insertOrFind(article: ExtractedArticleEntity): Promise<ExtractedArticleEntity> {
    try {
      await this.articles.insert(article);
      return article;
    } catch (error) {
      if (isUniqueViolation(error)) return this.articles.findOneByOrFail({ entryId: article.entryId });
      throw error;
    }
  }

  /** Retention: deletes articles extracted before `before`, oldest first (an entry needing one again re-extracts). */
  async deleteOld({ before, limit }: PruneRequest): Promise<PruneBatch> {
    const rows = await this.articles.find({
      select: { entryId: true, extractedAt: true },
      where: { extractedAt: LessThan(before) },
      order: { extractedAt: 'ASC' },
      take: limit,
    });
    if (rows.length) await this.articles.delete({ entryId: In(rows.map((row) => row.entryId)) });
    return nextBatch(
      rows.map((row) => row.extractedAt),
      limit,
    );
  }
}
