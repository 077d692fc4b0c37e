import 'reflect-metadata';
import { startServer } from './bootstrap';
import { loadConfig } from './config/load-config';

startServer(loadConfig(process.env)).catch((error: Error) => {
  console.error(`tidings: ${error.message}`);
  process.exit(1);
});
