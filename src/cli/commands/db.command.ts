import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { ValidationError } from '../../common/errors';
import type { DatabaseSpaceReport } from '../../db/database-space';
import { parseDatabaseUrl } from '../../db/database-url';
import { printJson, withApp } from '../cli-context';

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('the database: its size, and pruning old data');

  db.command('stats')
    .option('--json', 'machine-readable output')
    .description('row counts and sizes per table')
    .action((options: { json?: boolean }) =>
      withApp(async (app) => {
        const { DatabaseSpace } = await import('../../db/database-space');
        const report = await app.get(DatabaseSpace).report();
        if (options.json) return printJson(report);
        console.log(describe(report));
      }),
    );

  db.command('prune')
    .option('--json', 'machine-readable output')
    .description('prune what is older than RETENTION_DAYS now (serve does it every hour)')
    .action((options: { json?: boolean }) =>
      withApp(async (app) => {
        const { RetentionService } = await import('../../retention/retention.service');
        const report = await app.get(RetentionService).prune();
        if (options.json) return printJson(report);
        const counts = Object.entries(report.pruned).map(([kind, count]) => `${kind} ${count}`);
        console.log(
          `before ${report.cutoff.toISOString()}: ${counts.join(', ')}; ${report.reclaimedPages} pages given back`,
        );
      }),
    );

  program
    .command('backup')
    .argument('<file>', 'a new file for the copy')
    .description('a consistent copy of the SQLite database, while serve runs (MySQL: see the README)')
    .action(async (file: string) => {
      // Without Nest or TypeORM: required here, as `withApp` requires them for the other commands.
      const [{ loadStartupConfig, secretKeyPath }, { backupSqlite, BackupError }] = await Promise.all([
        import('../../startup-config'),
        import('../../db/sqlite-backup'),
      ]);
      const { config } = loadStartupConfig();
      const target = parseDatabaseUrl(config.DATABASE_URL);
      if (target.dialect !== 'sqlite')
        throw new ValidationError(
          'tidings backup copies SQLite databases only; back up MySQL/MariaDB with ' +
            '`mysqldump --single-transaction` (see "Backups" in the README)',
        );
      try {
        const copy = await backupSqlite(target.path, file);
        console.log(
          `backed up ${target.path} to ${copy.file} (${formatBytes(copy.bytes)}, ${copy.pages} pages, integrity ok)`,
        );
        const keyFile = secretKeyPath(config.DATABASE_URL, process.cwd());
        if (existsSync(keyFile))
          console.log(`keep ${keyFile} with it: the key signs the links in the emails already sent`);
      } catch (error) {
        if (error instanceof BackupError) throw new ValidationError(error.message);
        throw error;
      }
    });
}

function describe(report: DatabaseSpaceReport): string {
  const width = Math.max(5, ...report.tables.map((table) => table.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'rows'.padStart(10)}  ${'size'.padStart(10)}`];
  for (const table of report.tables)
    lines.push(
      `${table.table.padEnd(width)}  ${String(table.rows).padStart(10)}  ${formatBytes(table.bytes).padStart(10)}`,
    );
  lines.push(
    `${report.dialect}: ${formatBytes(report.totalBytes)} in all, ${formatBytes(report.freeBytes)} free` +
      (report.dialect === 'mysql' ? " (InnoDB's estimates)" : ''),
  );
  return lines.join('\n');
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
