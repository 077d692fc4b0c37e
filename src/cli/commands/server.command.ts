import { Command } from 'commander';
import { startServer } from '../../bootstrap';
import { prepareDatabase } from '../../db/prepare-database';
import { redactPassword } from '../../db/database-url';
import { loadStartupConfig } from '../../startup-config';

export function registerServerCommands(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP service and the schedulers')
    .action(async () => {
      await startServer(loadStartupConfig());
    });

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      const { config } = loadStartupConfig();
      const applied = await prepareDatabase(config.DATABASE_URL, { migrate: true });
      console.log(
        applied.length
          ? `applied ${applied.length} migrations to ${redactPassword(config.DATABASE_URL)}: ${applied.join(', ')}`
          : `${redactPassword(config.DATABASE_URL)} is up to date`,
      );
    });
}
