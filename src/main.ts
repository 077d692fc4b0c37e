import 'reflect-metadata';
import { loadStartupConfig } from './startup-config';

const fail = (error: Error) => {
  console.error(`tidings: ${error.message}`);
  process.exit(1);
};

// The settings are checked before the application's modules load, so that a bad one stops at once.
Promise.resolve()
  .then(() => loadStartupConfig())
  .then(async (startup) => (await import('./bootstrap')).startServer(startup))
  .catch(fail);
