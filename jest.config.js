// Three tiers (see docs/architecture.md): unit beside the code, integration against real databases,
// end to end against the built app. SWC transpiles TypeScript with decorator metadata for TypeORM.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];
// parse5 and its helpers ship ES modules only; Jest's CommonJS runtime needs them transpiled too.
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
];
const transform = { '^.+\\.ts$': swc, '/node_modules/.+\\.m?js$': swc };
const common = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.spec.ts'],
    },
  ],
  testTimeout: 60000,
};
