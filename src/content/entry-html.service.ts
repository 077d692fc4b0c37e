import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PruneBatch, PruneRequest } from '../db/prune-batch';
import { entryVersionDate, isArticleStale } from './article-freshness';
import { SafeHttpClient } from '../http/safe-http-client';
import { decodeHtmlBytes } from './decode-html-bytes';
import { extractArticle } from './extract/extract-article';
import { ExtractedArticleEntity } from './extracted-article.entity';
import { ExtractedArticlesRepository } from './extracted-articles.repository';
import { rewriteForEmail } from './rewrite/rewrite-for-email';

export interface EntryForContent {
  id: string;
  link: string | null;
  summary: string | null;
  content: string | null;
  publishedAt: Date | null;
  updatedAt: Date | null;
}

const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5';
/** Answers that say the article was removed: it is not sent as full text, and the email says why. */
const GONE_STATUSES = [404, 410];

const GONE_NOTICE =
  "<p><em>The full article is no longer at its link (it was removed), so this is the feed's own text.</em></p>";

class PageGoneError extends Error {}

/**
 * The HTML of an entry as an email shows it: the feed's own HTML rewritten for mail clients, or, when a
 * subscriber asked for full text, the article extracted from the linked page. Extraction happens once
 * per version of the entry (cached in `extracted_articles`, and shared while in flight; a feed that
 * re-issues the entry with a newer date gets it extracted again); a failure is cached too, and the feed's
 * own text is used instead, with one line saying so when the link answered 404 or 410.
 */
@Injectable()
export class EntryHtmlService {
  private readonly logger = new Logger(EntryHtmlService.name);
  private readonly inFlight = new Map<string, Promise<ExtractedArticleEntity>>();

  constructor(
    private readonly articles: ExtractedArticlesRepository,
    private readonly http: SafeHttpClient,
    private readonly clock: Clock,
  ) {}

  async emailHtmlFor(entry: EntryForContent, options: { fullText: boolean }): Promise<string> {
    if (options.fullText && entry.link) {
      const article = await this.articleFor(entry, entry.link);
      if (article.status === 'extracted' && article.html) return article.html;
      if (article.status === 'gone') return GONE_NOTICE + this.feedHtml(entry);
    }
    return this.feedHtml(entry);
  }

  private feedHtml(entry: EntryForContent): string {
    return rewriteForEmail(entry.content ?? entry.summary ?? '', entry.link ?? 'about:blank');
  }

  /** Retention: one batch of old extracted articles is deleted. */
  deleteOldArticles(request: PruneRequest): Promise<PruneBatch> {
    return this.articles.deleteOld(request);
  }

  private articleFor(entry: EntryForContent, link: string): Promise<ExtractedArticleEntity> {
    const pending = this.inFlight.get(entry.id);
    if (pending) return pending;
    const work = this.cachedOrExtracted(entry, link).finally(() => this.inFlight.delete(entry.id));
    this.inFlight.set(entry.id, work);
    return work;
  }

  private async cachedOrExtracted(entry: EntryForContent, link: string): Promise<ExtractedArticleEntity> {
    const cached = await this.articles.findByEntryId(entry.id);
    if (!cached) return this.articles.insertOrFind(await this.extract(entry, link));
    if (isArticleStale(cached, entry)) return this.articles.replace(await this.extract(entry, link));
    return cached;
  }

  private async extract(entry: EntryForContent, link: string): Promise<ExtractedArticleEntity> {
    const base = { entryId: entry.id, extractedAt: this.clock.now(), entryDated: entryVersionDate(entry) };
    try {
      const page = await this.http.fetch(link, { accept: PAGE_ACCEPT });
      if (GONE_STATUSES.includes(page.status)) throw new PageGoneError(`the page answered ${page.status}`);
      if (page.status !== 200) throw new Error(`the page answered ${page.status}`);
      const contentType = page.headers['content-type'];
      const html = decodeHtmlBytes(page.body, Array.isArray(contentType) ? contentType[0] : contentType);
      const article = extractArticle(html, page.finalUrl, { summary: entry.summary ?? undefined });
      return {
        ...base,
        status: 'extracted',
        method: article.method,
        confidence: Math.round(article.confidence * 100),
        html: article.html,
        error: null,
      };
    } catch (error) {
      const message = (error as Error).message.slice(0, 1000);
      this.logger.warn(`full text of entry ${entry.id} unavailable: ${message}`);
      const status = error instanceof PageGoneError ? 'gone' : 'failed';
      return { ...base, status, method: null, confidence: 0, html: null, error: message };
    }
  }
}
