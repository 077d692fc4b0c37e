import { LoggerService } from '@nestjs/common';

/**
 * The logger of a CLI command without `--verbose`: the command's own output is its result, so the
 * application's logs stay quiet except warnings and errors, one plain line each on stderr. Start-up errors
 * are left out: they are rethrown to `runCli`, which prints them once.
 */
export class CliLogger implements LoggerService {
  log(): void {}

  debug(): void {}

  verbose(): void {}

  warn(message: unknown): void {
    process.stderr.write(`warning: ${textOf(message)}\n`);
  }

  error(message: unknown, ...rest: unknown[]): void {
    if (rest.at(-1) === 'ExceptionHandler') return;
    process.stderr.write(`error: ${textOf(message)}\n`);
  }
}

function textOf(message: unknown): string {
  return message instanceof Error ? message.message : String(message);
}
