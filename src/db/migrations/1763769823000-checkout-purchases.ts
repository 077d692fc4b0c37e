import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * `credit_purchases` rows are now written when Tidings opens a Checkout Session (the pack's credits and
 * price as they are then), and `paid_at` says when Stripe's signed event confirmed the payment; only
 * such rows are granted. Rows written before were written on payment, so they were paid when created.
 */
export class CheckoutPurchases1763769823000 implements MigrationInterface {
  name = 'CheckoutPurchases1763769823000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('credit_purchases', new TableColumn(c.datetime('paid_at', true)));
    await queryRunner.query('UPDATE credit_purchases SET paid_at = created_at');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('credit_purchases', 'paid_at');
  }
}
