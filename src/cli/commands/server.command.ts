import { Command } from 'commander';
import { ValidationError } from '../../common/errors';
import { isServeRole, SERVE_ROLES } from '../../config/process-role';
import { redactPassword } from '../../db/database-url';

export function registerServerCommands(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP service and the schedulers')
    .option(
      '--role <role>',
      'web: HTTP only; worker: polls, deliveries, digests and the outbox (HTTP: only GET /health and /metrics); all: both',
      'all',
    )
    .action(async (options: { role: string }) => {
      if (!isServeRole(options.role))
        throw new ValidationError(`--role must be one of ${SERVE_ROLES.join(', ')}, not ${options.role}`);
      const [{ startServer }, { loadStartupConfig }] = await Promise.all([
        import('../../bootstrap'),
        import('../../startup-config'),
      ]);
      await startServer(loadStartupConfig(), options.role);
    });

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      // TypeORM and the migrations, without Nest.
      const [{ loadStartupConfig }, { prepareDatabase }] = await Promise.all([
        import('../../startup-config'),
        import('../../db/prepare-database'),
      ]);
      const { config } = loadStartupConfig();
      const applied = await prepareDatabase(config.DATABASE_URL, { migrate: true });
      console.log(
        applied.length
          ? `applied ${applied.length} migrations to ${redactPassword(config.DATABASE_URL)}: ${applied.join(', ')}`
          : `${redactPassword(config.DATABASE_URL)} is up to date`,
      );
    });
}
