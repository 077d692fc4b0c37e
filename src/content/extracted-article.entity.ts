import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The full article behind an entry, extracted once however many subscribers want it. */
@Entity('extracted_articles')
export class ExtractedArticleEntity {
  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 26 })
  entryId!: string;

  /**
   * `extracted`; `gone` (the link answered 404 or 410: the email says so and shows the feed's own text);
   * `failed` (the page could not be fetched or held no article: the feed's own text is used).
   */
  @Column({ type: 'varchar', length: 16 })
  status!: 'extracted' | 'gone' | 'failed';

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

  /** The entry's updated (else published) date when extracted: a newer one means extracting again. */
  @Column({ name: 'entry_dated', type: 'datetime', nullable: true })
  entryDated!: Date | null;
}
