// Three tiers (see docs/architecture.md): unit beside the code, integration against real databases,
// end to end against the built app. SWC transpiles TypeScript with decorator metadata for TypeORM.
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
      },
      module: { type: 'commonjs' },
    },
  ],
  // parse5 8 and its entities are ES modules only: Node 20.19+ requires them natively, Jest needs them compiled.
  '/node_modules/(parse5|entities)/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
};
const common = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(parse5|entities)/)'],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.js',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.js',
    },
  ],
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
