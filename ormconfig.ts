import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './src/db/data-source-options';
import { loadConfig } from './src/config/load-config';

/** For the TypeORM CLI (`npx typeorm migration:show -d dist/ormconfig.js`). The app does not import it. */
export default new DataSource(buildDataSourceOptions(loadConfig(process.env).DATABASE_URL));
