import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many emails a reader with a daily budget had by one local day, as admissions counted them: the row
 * every admission of that reader and day locks, so that two workers never spend the same email.
 */
@Entity('inbox_budget_days')
export class InboxBudgetDayEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  /** The instant the reader's local day began. */
  @PrimaryColumn({ name: 'day_start', type: 'datetime' })
  dayStart!: Date;

  @Column({ name: 'used', type: 'integer' })
  used!: number;
}
