#!/usr/bin/env node
// `npm run bench -- NAME`: builds, then runs dist/bench/NAME.js, which measures our code and a baseline
// in the same process and ends with `NAME speedup=S ours=X baseline=Y unit=U`.
const { execFileSync, spawnSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const name = process.argv[2];
const root = path.join(__dirname, '..');
const available = readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- NAME   (NAME is one of: ${available.join(', ')})`);
  process.exit(2);
}
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
const script = path.join(root, 'dist', 'bench', `${name}.js`);
if (!existsSync(script)) {
  console.error(`bench: ${script} was not built`);
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--expose-gc', script, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
