import { INestApplication, INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ShutdownSignal } from './common/shutdown-signal';
import { Config } from './config/load-config';
import { ProcessRole, servesHttp } from './config/process-role';
import { answerOnlyHealth } from './health/worker-http';
import { ClaimLeases } from './db/claim-leases';
import { prepareDatabase } from './db/prepare-database';
import { waitForDatabase } from './db/wait-for-database';
import { senderDomainWarnings } from './mail/domain/sender-domain-warnings';
import { EmailTemplates } from './mail/email-templates';
import { SafeHttpClient } from './http/safe-http-client';
import { StartupConfig } from './startup-config';

/** The HTTP service (role web), the schedulers (role worker) or both (all). */
export async function startServer(
  { config, notices }: StartupConfig,
  role: Exclude<ProcessRole, 'cli'> = 'all',
): Promise<INestApplication> {
  await waitForDatabase(config.DATABASE_URL, (line) => process.stderr.write(`warning: ${line}\n`));
  const app = await NestFactory.create(AppModule.register({ config, role }), {
    bufferLogs: true,
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  logNotices(app.get(Logger), notices);
  stopGracefullyOnSignals(app, config.SHUTDOWN_GRACE_SECONDS * 1000);
  if (!servesHttp(role)) app.use(answerOnlyHealth);
  // The long-running service compiles its email layouts and loads its HTTP client now, not in the
  // middle of its first poll cycle.
  app.get(EmailTemplates).warm();
  app.get(SafeHttpClient).warm();
  await app.listen(config.PORT);
  app.get(Logger).log(`${role}: listening on port ${config.PORT}`, 'Bootstrap');
  if (config.NODE_ENV === 'production') warnAboutSenderDomain(config, app.get(Logger));
  return app;
}

/**
 * The application without HTTP or schedulers, for one CLI command: its logs (the start-up notices
 * included) go to `logger` when one is given, else to pino at LOG_LEVEL. A failure to start is thrown to
 * the caller (no exit from inside Nest).
 */
export async function createCliContext(
  { config, notices }: StartupConfig,
  logger?: LoggerService,
): Promise<INestApplicationContext> {
  await prepareDatabase(config.DATABASE_URL, { migrate: false });
  const module = AppModule.register({ config, role: 'cli' });
  if (logger) {
    const app = await NestFactory.createApplicationContext(module, { logger, abortOnError: false });
    logNotices(logger, notices);
    return app;
  }
  const app = await NestFactory.createApplicationContext(module, { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  logNotices(app.get(Logger), notices);
  return app;
}

/** At most this long to give claims back once the grace period is over, before exiting anyway. */
const RELEASE_TIMEOUT_MS = 3_000;

/**
 * SIGTERM or SIGINT: take no new work, let the sends and polls in flight finish (at most `graceMs`),
 * give back what this process still claims, close everything and exit 0. When the grace period ends
 * first, the claims are given back (a send still under way may then go out twice, with one Message-ID)
 * and the process exits 0 all the same.
 */
function stopGracefullyOnSignals(app: INestApplication, graceMs: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const logger = app.get(Logger);
    logger.log(`${signal}: taking no new work, finishing what is in flight`, 'Shutdown');
    app.get(ShutdownSignal).begin();
    const graceOver = setTimeout(async () => {
      logger.warn(`the grace period of ${graceMs / 1000} s is over: giving back what is left`, 'Shutdown');
      const released = app.get(ClaimLeases).releaseAll();
      await Promise.race([released, new Promise((resolve) => setTimeout(resolve, RELEASE_TIMEOUT_MS))]);
      process.exit(0);
    }, graceMs);
    try {
      await app.close();
      clearTimeout(graceOver);
      logger.log('stopped cleanly', 'Shutdown');
      process.exit(0);
    } catch (error) {
      logger.error(`stopping failed: ${(error as Error).message}`, undefined, 'Shutdown');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (name) => void stop(name));
}

function logNotices(logger: LoggerService, notices: readonly string[]): void {
  for (const notice of notices) logger.log(notice, 'Config');
}

function warnAboutSenderDomain(config: Config, logger: Logger): void {
  const settings = {
    mailFrom: config.MAIL_FROM.address,
    publicUrl: config.PUBLIC_URL,
    hasDkimKey: Boolean(config.DKIM_PRIVATE_KEY),
  };
  for (const warning of senderDomainWarnings(settings)) logger.warn(warning, 'Mail');
}
