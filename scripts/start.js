#!/usr/bin/env node
// `npm start`: build if needed (npm ci already builds through `prepare`), then serve.
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
if (!existsSync(path.join(root, 'dist', 'src', 'main.js'))) {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
}
require(path.join(root, 'dist', 'src', 'main.js'));
