import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The full article behind an entry, extracted once however many subscribers want it. */
@Entity('extracted_articles')
export class ExtractedArticleEntity {
  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 26 })
  entryId!: string;

  /** `extracted`, or `failed` (the page could not be fetched or held no article: the feed's own text is used). */
  @Column({ type: 'varchar', length: 16 })
  status!: 'extracted' | 'failed';

  /** `stream` or `readability`: which extractor produced the article. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  method!: string | null;

  /** 0–100. */
  @Column({ type: 'integer' })
  confidence!: number;

  @Column({ type: 'text', nullable: true })
  html!: string | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'extracted_at', type: 'datetime' })
  extractedAt!: Date;
}
