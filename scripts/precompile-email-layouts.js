#!/usr/bin/env node
// `npm run build`, after tsc: the HTML MJML makes of templates/email, in dist/email-layouts.json, so that
// no process loads MJML for it while the sources stay as they were built (src/mail/precompiled-layouts.ts).
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { precompileLayouts, PRECOMPILED_FILE } = require('../dist/src/mail/email-templates');

writeFileSync(join(__dirname, '..', 'dist', PRECOMPILED_FILE), JSON.stringify(precompileLayouts()));
