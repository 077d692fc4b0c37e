import { Command } from 'commander';
import { parseWholeNumber, printJson, withApp } from '../cli-context';

export function registerBillingCommands(program: Command): void {
  const billing = program.command('billing').description('credits, the ledger and Stripe Checkout');

  billing
    .command('check')
    .option('--json', 'machine-readable output')
    .description('prove that every cached balance equals the sum of its ledger entries')
    .action((options: { json?: boolean }) =>
      withApp(async (app) => {
        const { BillingService } = await import('../../billing/billing.service');
        const mismatches = await app.get(BillingService).findBalanceMismatches();
        if (options.json) printJson({ ok: mismatches.length === 0, mismatches });
        else if (mismatches.length === 0) console.log('every balance equals the sum of its entries');
        else
          for (const row of mismatches)
            console.error(
              `user ${row.userId}: balance ${row.cachedBalance}, entries sum ${row.sumOfEntries}`,
            );
        if (mismatches.length > 0) process.exitCode = 2;
      }),
    );

  billing
    .command('ledger')
    .argument('<email>')
    .option('--json', 'machine-readable output')
    .description("a user's ledger entries, oldest first, and the balance")
    .action((email: string, options: { json?: boolean }) =>
      withApp(async (app) => {
        const { AccountsService, BillingService } = await services();
        const user = await app.get(AccountsService).getByEmail(email);
        const service = app.get(BillingService);
        const view = { balance: await service.balanceOf(user.id), entries: await service.ledgerOf(user.id) };
        if (options.json) return printJson(view);
        for (const entry of view.entries) {
          const amount = `${entry.amount > 0 ? '+' : ''}${entry.amount}`.padStart(8);
          console.log(
            `${entry.createdAt}  ${entry.kind.padEnd(10)} ${amount}  ${entry.reason} ${entry.reference ?? ''}`,
          );
        }
        console.log(`balance ${view.balance}`);
      }),
    );

  billing
    .command('adjust')
    .argument('<email>')
    .argument('<credits>', 'credits to add, or to remove when negative', parseWholeNumber('credits'))
    .requiredOption('--reason <text>', 'why, in a few words (kept in the ledger)')
    .option('--key <key>', 'an idempotency key: running the command again with it changes nothing')
    .description("correct a user's credits (support)")
    .action((email: string, credits: number, options: { reason: string; key?: string }) =>
      withApp(async (app) => {
        const { AccountsService, BillingService } = await services();
        const user = await app.get(AccountsService).getByEmail(email);
        const service = app.get(BillingService);
        const idempotencyKey = options.key ?? (await import('../../common/ids')).newId();
        const isNew = await service.adjust({
          userId: user.id,
          credits,
          idempotencyKey,
          reason: options.reason,
        });
        console.log(
          `${isNew ? 'adjusted' : 'already adjusted'}: balance ${await service.balanceOf(user.id)}`,
        );
      }),
    );

  billing
    .command('checkout')
    .argument('<email>')
    .argument('<pack>', 'a pack id: its number of credits, as in CREDIT_PACKS')
    .description('open a Stripe Checkout Session for a pack and print its URL')
    .action((email: string, pack: string) =>
      withApp(async (app) => {
        const { AccountsService, BillingService } = await services();
        const user = await app.get(AccountsService).getByEmail(email);
        console.log((await app.get(BillingService).createCheckout(user.id, pack)).url);
      }),
    );
}

/** Required when a command runs (see `withApp`). */
async function services() {
  const [{ AccountsService }, { BillingService }] = await Promise.all([
    import('../../accounts/accounts.service'),
    import('../../billing/billing.service'),
  ]);
  return { AccountsService, BillingService };
}
