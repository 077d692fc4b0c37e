import { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { Config } from './config/load-config';
import { prepareDatabase } from './db/prepare-database';
import { EmailTemplates } from './mail/email-templates';

/** The HTTP service with its schedulers. */
export async function startServer(config: Config): Promise<INestApplication> {
  await prepareDatabase(config.DATABASE_URL, { migrate: false });
  const app = await NestFactory.create(AppModule.register({ config, role: 'serve' }), {
    bufferLogs: true,
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  // The long-running service compiles its email layouts now, not in the middle of its first poll cycle.
  app.get(EmailTemplates).warm();
  await app.listen(config.PORT);
  app.get(Logger).log(`listening on port ${config.PORT}`, 'Bootstrap');
  return app;
}

/** The application without HTTP or schedulers, for one CLI command. */
export async function createCliContext(config: Config): Promise<INestApplicationContext> {
  await prepareDatabase(config.DATABASE_URL, { migrate: false });
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, role: 'cli' }), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  return app;
}
