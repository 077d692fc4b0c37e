#!/usr/bin/env node
// `npm test`'s checks before Jest: ESLint and Prettier on one core while TypeScript checks and builds on
// the other (half a minute sooner on two cores than one after the other). Each lane's output is printed
// whole when it ends; a failure in either fails the checks.
const { spawn } = require('node:child_process');

const lanes = [['lint'], ['typecheck', 'build']];

function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runLane(scripts) {
  for (const script of scripts) {
    const { code, output } = await runScript(script);
    process.stdout.write(output);
    if (code !== 0) return code;
  }
  return 0;
}

Promise.all(lanes.map(runLane)).then((codes) => {
  process.exitCode = codes.find((code) => code !== 0) ?? 0;
});
