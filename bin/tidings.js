#!/usr/bin/env node
require('../dist/src/cli/main.js').runCli(process.argv);
