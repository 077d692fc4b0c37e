import { Command } from 'commander';
import { startServer } from '../../bootstrap';
import { loadConfig } from '../../config/load-config';
import { prepareDatabase } from '../../db/prepare-database';
import { redactPassword } from '../../db/database-url';

export function registerServerCommands(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP service and the schedulers')
    .action(async () => {
      await startServer(loadConfig(process.env));
    });

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      const config = loadConfig(process.env);
      const applied = await prepareDatabase(config.DATABASE_URL, { migrate: true });
      console.log(
        applied.length
          ? `applied ${applied.length} migrations to ${redactPassword(config.DATABASE_URL)}: ${applied.join(', ')}`
          : `${redactPassword(config.DATABASE_URL)} is up to date`,
      );
    });
}
