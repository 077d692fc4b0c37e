import { INestApplication, INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { Config } from './config/load-config';
import { ProcessRole, servesHttp } from './config/process-role';
import { answerOnlyHealth } from './health/worker-http';
import { prepareDatabase } from './db/prepare-database';
import { senderDomainWarnings } from './mail/domain/sender-domain-warnings';
import { EmailTemplates } from './mail/email-templates';
import { StartupConfig } from './startup-config';

/** The HTTP service (role web), the schedulers (role worker) or both (all). */
export async function startServer(
  { config, notices }: StartupConfig,
  role: Exclude<ProcessRole, 'cli'> = 'all',
): Promise<INestApplication> {
  await prepareDatabase(config.DATABASE_URL, { migrate: false });
  const app = await NestFactory.create(AppModule.register({ config, role }), {
    bufferLogs: true,
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  logNotices(app.get(Logger), notices);
  app.enableShutdownHooks();
  if (!servesHttp(role)) app.use(answerOnlyHealth);
  // The long-running service compiles its email layouts now, not in the middle of its first poll cycle.
  app.get(EmailTemplates).warm();
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
