import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The HTML MJML makes of the email layouts, written by `npm run build` to `dist/email-layouts.json`
 * (`scripts/precompile-email-layouts.js`), so that a process need not load MJML and run it at start
 * (0.4 s of CPU for each server and each CLI command that sends mail). It holds only for the sources it
 * was made from: `digest` covers every `.mjml` file of the directory, partials included, and MJML's
 * version; on any difference the layouts are compiled from source as before.
 */
export interface PrecompiledLayouts {
  digest: string;
  html: Record<string, string>;
}

export function layoutsDigest(directory: string): string {
  const hash = createHash('sha256').update(mjmlVersion());
  for (const file of mjmlFiles(directory))
    hash.update(`\0${file}\0`).update(readFileSync(join(directory, file)));
  return hash.digest('hex');
}

/** The HTML of each layout from `file` when it was made from the sources in `directory`; else null. */
export function readPrecompiledLayouts(file: string, directory: string): Record<string, string> | null {
  if (!existsSync(file)) return null;
  try {
    const layouts = JSON.parse(readFileSync(file, 'utf8')) as PrecompiledLayouts;
    return layouts.digest === layoutsDigest(directory) ? layouts.html : null;
  } catch {
    return null;
  }
}

function mjmlFiles(directory: string): string[] {
  const inPartials = readdirSync(join(directory, 'partials')).map((file) => `partials/${file}`);
  return [...readdirSync(directory), ...inPartials].filter((file) => file.endsWith('.mjml')).sort();
}

function mjmlVersion(): string {
  return (require('mjml/package.json') as { version: string }).version;
}
