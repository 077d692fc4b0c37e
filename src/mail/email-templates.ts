import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Handlebars from 'handlebars';

export const TEMPLATE_NAMES = [
  'entry',
  'digest',
  'sign-in',
  'low-balance',
  'feed-problem',
  'support-reply',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

type CompiledTemplate = (view: object) => string;
/** mjml 4 answers synchronously (its bundled types describe mjml 5's promise). */
type MjmlToHtml = (
  source: string,
  options: { filePath: string; validationLevel: 'strict'; keepComments: boolean },
) => { html: string; errors: Array<{ formattedMessage: string }> };

/**
 * The MJML layouts in `templates/email/`, each turned into HTML once per process (at start for the
 * server, on first use for the CLI: MJML takes a third of a second to load, which CLI commands that
 * send nothing should not pay), then into a
 * strict Handlebars template. Per email only Handlebars runs: it escapes every `{{value}}`, and strict
 * mode throws on a missing field, so neither an unreplaced placeholder nor a raw feed value gets out.
 */
export class EmailTemplates {
  private compiled: Map<TemplateName, CompiledTemplate> | null = null;

  constructor(private readonly directory = findTemplatesDirectory()) {}

  render(name: TemplateName, view: object): string {
    this.compiled ??= this.compileAll();
    return this.compiled.get(name)!(view);
  }

  /** Compiles every layout now (at start-up, or in a benchmark before timing). */
  warm(): this {
    this.compiled ??= this.compileAll();
    return this;
  }

  private compileAll(): Map<TemplateName, CompiledTemplate> {
    const mjml = require('mjml') as MjmlToHtml;
    const handlebars = Handlebars.create();
    return new Map(
      TEMPLATE_NAMES.map((name) => {
        const filePath = join(this.directory, `${name}.mjml`);
        const html = collapseWhitespace(compileMjml(mjml, filePath));
        handlebars.parse(html); // compile() is lazy: surface a broken block now, not at the first email
        return [name, handlebars.compile(html, { strict: true })];
      }),
    );
  }
}

/** MJML's strict validation throws a bare ValidationError: name the layout that failed. */
function compileMjml(mjml: MjmlToHtml, filePath: string): string {
  try {
    const { html, errors } = mjml(readFileSync(filePath, 'utf8'), {
      filePath,
      validationLevel: 'strict',
      keepComments: false,
    });
    if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('; '));
    return html;
  } catch (error) {
    throw new Error(`${filePath}: ${(error as Error).message}`);
  }
}

/** Whitespace between tags is MJML's pretty-printing; dropping it keeps emails well under Gmail's clip. */
function collapseWhitespace(html: string): string {
  return html.replace(/>\s*\n\s*</g, '><');
}

/** `templates/email` at the package root, from `src/mail` (tests) or `dist/src/mail` (built). */
function findTemplatesDirectory(): string {
  for (let directory = __dirname; directory !== dirname(directory); directory = dirname(directory)) {
    const candidate = join(directory, 'templates', 'email');
    if (existsSync(join(candidate, 'entry.mjml'))) return candidate;
  }
  throw new Error(`templates/email not found above ${__dirname}`);
}
