import { randomBytes } from 'node:crypto';
import { configSchema, RawConfig } from './config.schema';

export type Config = Readonly<RawConfig & { SECRET_KEY: string }>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment once into a frozen, typed object. Empty strings count as unset so that a
 * `.env` file can list every variable. Production must set SECRET_KEY; elsewhere `keyWhenUnset` gives
 * one (the processes of an install read it from a file, see `loadStartupConfig`; in-process tests
 * take a random one).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  keyWhenUnset: (settings: RawConfig) => string = () => randomBytes(32).toString('hex'),
): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const given = present[name];
        const isSecret = /KEY|SECRET|PASSWORD/.test(name);
        return `${name}: ${issue.message}${given === undefined || isSecret ? '' : ` (got "${given}")`}`;
      }),
    );
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.SECRET_KEY) {
    throw new ConfigError(['SECRET_KEY: required in production (at least 16 random characters)']);
  }
  if (Boolean(parsed.data.INBOUND_TLS_CERT) !== Boolean(parsed.data.INBOUND_TLS_KEY)) {
    const missing = parsed.data.INBOUND_TLS_CERT ? 'INBOUND_TLS_KEY' : 'INBOUND_TLS_CERT';
    throw new ConfigError([
      `${missing}: INBOUND_TLS_CERT and INBOUND_TLS_KEY go together (a certificate file and its private key)`,
    ]);
  }
  return Object.freeze({
    ...parsed.data,
    SECRET_KEY: parsed.data.SECRET_KEY ?? keyWhenUnset(parsed.data),
  });
}
