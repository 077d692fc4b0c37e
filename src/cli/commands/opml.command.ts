import { Command } from 'commander';
import { readFile, stat } from 'node:fs/promises';
import { ValidationError } from '../../common/errors';
import { MAX_OPML_BYTES } from '../../feeds/domain/opml';
import { withApp } from '../cli-context';

export function registerOpmlCommands(program: Command): void {
  const opml = program.command('opml').description('import and export feed lists');

  opml
    .command('import')
    .argument('<email>')
    .argument('<file>', 'an OPML file')
    .description(
      'subscribe a user to every feed of an OPML file, with the settings its tidings: attributes carry (existing subscriptions keep theirs)',
    )
    .action((email: string, file: string) =>
      withApp(async (app) => {
        const { AccountsService, OpmlService } = await services();
        const user = await app.get(AccountsService).getByEmail(email);
        const xml = await readOpmlFile(file);
        const report = await app.get(OpmlService).importFor(user.id, xml);
        console.log(
          `imported ${report.added} feeds for ${user.email}: ${report.alreadySubscribed} already subscribed, ` +
            `${report.rejected} rejected (not http(s))${report.isTruncated ? ', the rest past 10,000 left out' : ''}` +
            (report.settingsIgnored
              ? `, ${report.settingsIgnored} with unreadable settings (given the defaults)`
              : ''),
        );
        for (const reason of report.refused) console.log(`refused: ${reason}`);
      }),
    );

  opml
    .command('export')
    .argument('<email>')
    .description("print a user's feeds as OPML 2.0, each with its settings as tidings: attributes")
    .action((email: string) =>
      withApp(async (app) => {
        const { AccountsService, OpmlService } = await services();
        const user = await app.get(AccountsService).getByEmail(email);
        process.stdout.write(await app.get(OpmlService).exportFor(user.id, `Tidings feeds of ${user.email}`));
      }),
    );
}

async function readOpmlFile(file: string): Promise<string> {
  const size = await stat(file).then(
    (info) => (info.isFile() ? info.size : -1),
    () => -1,
  );
  if (size < 0) throw new ValidationError(`cannot read ${file}: no such file`);
  if (size > MAX_OPML_BYTES)
    throw new ValidationError(`${file} is larger than ${MAX_OPML_BYTES / 1024 / 1024} MB`);
  return readFile(file, 'utf8');
}

/** Required when a command runs (see `withApp`). */
async function services() {
  const [{ AccountsService }, { OpmlService }] = await Promise.all([
    import('../../accounts/accounts.service'),
    import('../../feeds/opml.service'),
  ]);
  return { AccountsService, OpmlService };
}
