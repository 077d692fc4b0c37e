// Three tiers (see docs/architecture.md): unit beside the code, integration against real databases,
// end to end against the built app. ts-jest transpiles each file on its own (types are checked by
// `npm run typecheck`), keeping the decorator metadata that NestJS injection reads.
const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      isolatedModules: true,
      target: 'ES2022',
      module: 'commonjs',
      allowJs: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      esModuleInterop: true,
    },
  },
];
// parse5 and some of jsdom's helpers ship ES modules only; Jest's CommonJS runtime needs them transpiled.
const esmOnlyPackages = [
  'parse5',
  'parse5-sax-parser',
  'parse5-html-rewriting-stream',
  'entities',
  '@exodus/bytes',
  '@asamuzakjp/css-color',
  '@asamuzakjp/generational-cache',
  '@csstools/css-tokenizer',
  '@asamuzakjp/dom-selector',
  '@csstools/color-helpers',
  '@csstools/css-color-parser',
  '@csstools/css-parser-algorithms',
  '@csstools/css-calc',
  '@nestjs/bullmq',
  '@nestjs/bull-shared',
  'email-reply-parser',
];
const common = {
  transform: {
    '^.+\\.ts$': tsJest,
    '/node_modules/email-reply-parser/.+\\.js$': [
      '<rootDir>/test/support/esm-require-transform.js',
      tsJest[1],
    ],
    '/node_modules/.+\\.m?js$': tsJest,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
};
const withDatabases = {
  ...common,
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...withDatabases, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.spec.ts'] },
    {
      ...withDatabases,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-setup.ts'],
    },
  ],
  // Most specs wait on databases, child processes and sockets: on 2 cores, four workers keep both busy
  // (the whole suite 561 and 610 s with four, 613 to 715 s with three, on 2026-12-07).
  maxWorkers: 4,
  testSequencer: '<rootDir>/test/support/longest-first-sequencer.js',
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
