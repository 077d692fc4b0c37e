import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type Handlebars from 'handlebars';
import { layoutsDigest, PrecompiledLayouts, readPrecompiledLayouts } from './precompiled-layouts';

export const TEMPLATE_NAMES = [
  'entry',
  'digest',
  'sign-in',
  'low-balance',
  'feed-problem',
  'support-reply',
  'command-confirmation',
  'delivery-record',
  'entry-update',
  'address-confirmation',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

type CompiledTemplate = (view: object) => string;
type CompileOptions = Parameters<typeof Handlebars.compile>[1];
const TEXT_SUFFIX = '.txt.hbs';
/** mjml 4 answers synchronously (its bundled types describe mjml 5's promise). */
type MjmlToHtml = (
  source: string,
  options: {
    filePath: string;
    validationLevel: 'strict';
    keepComments: boolean;
    fonts: Record<string, string>;
  },
) => { html: string; errors: Array<{ formattedMessage: string }> };

/**
 * The layouts in `templates/email/`: for each kind an MJML layout, turned into HTML once per process (at
 * start for the server, on first use for the CLI: MJML takes a third of a second to load, which CLI
 * commands that send nothing should not pay; the HTML `npm run build` made of the same sources is
 * taken instead when there is one, see `precompiled-layouts.ts`) and then into a strict Handlebars template, and a
 * hand-written text layout (`NAME.txt.hbs`, partials in `partials/*.txt.hbs`) for the text/plain part.
 * Per email only Handlebars runs. The HTML escapes every `{{value}}`, the text escapes nothing; strict
 * mode throws on a missing field, so neither an unreplaced placeholder nor a raw feed value gets out.
 */
export class EmailTemplates {
  private compiled: Map<TemplateName, { html: CompiledTemplate; text: CompiledTemplate }> | null = null;

  constructor(
    private readonly directory = findTemplatesDirectory(),
    private readonly precompiledFile = join(packageRoot(), 'dist', PRECOMPILED_FILE),
  ) {}

  render(name: TemplateName, view: object): string {
    return this.layouts(name).html(view);
  }

  renderText(name: TemplateName, view: object): string {
    return this.layouts(name).text(view);
  }

  /** Compiles every layout now (at start-up, or in a benchmark before timing). */
  warm(): this {
    this.compiled ??= this.compileAll();
    return this;
  }

  private layouts(name: TemplateName): { html: CompiledTemplate; text: CompiledTemplate } {
    this.compiled ??= this.compileAll();
    return this.compiled.get(name)!;
  }

  private compileAll(): Map<TemplateName, { html: CompiledTemplate; text: CompiledTemplate }> {
    const precompiled = readPrecompiledLayouts(this.precompiledFile, this.directory);
    // Required here, like MJML: CLI commands that send nothing do not load Handlebars.
    const handlebars = (require('handlebars') as typeof Handlebars).create();
    const partials = join(this.directory, 'partials');
    for (const file of readdirSync(partials).filter((name) => name.endsWith(TEXT_SUFFIX)))
      handlebars.registerPartial(
        file.slice(0, -TEXT_SUFFIX.length),
        readFileSync(join(partials, file), 'utf8'),
      );
    const compile = (filePath: string, source: string, options: CompileOptions) => {
      try {
        handlebars.parse(source); // compile() is lazy: surface a broken block now, not at the first email
      } catch (error) {
        throw new Error(`${filePath}: ${(error as Error).message}`);
      }
      // The layouts use only the built-in helpers: knowing it, Handlebars looks each `{{field}}` up
      // directly instead of first asking whether it names a helper.
      return handlebars.compile(source, { strict: true, knownHelpersOnly: true, ...options });
    };
    return new Map(
      TEMPLATE_NAMES.map((name) => {
        const htmlPath = join(this.directory, `${name}.mjml`);
        const textPath = join(this.directory, `${name}${TEXT_SUFFIX}`);
        const html = precompiled?.[name] ?? layoutHtml(htmlPath);
        return [
          name,
          {
            html: compile(htmlPath, html, {}),
            text: compile(textPath, readFileSync(textPath, 'utf8'), { noEscape: true }),
          },
        ];
      }),
    );
  }
}

/** What `npm run build` writes to `dist/email-layouts.json` (`scripts/precompile-email-layouts.js`). */
export const PRECOMPILED_FILE = 'email-layouts.json';

export function precompileLayouts(directory = findTemplatesDirectory()): PrecompiledLayouts {
  const html = Object.fromEntries(
    TEMPLATE_NAMES.map((name) => [name, layoutHtml(join(directory, `${name}.mjml`))]),
  );
  return { digest: layoutsDigest(directory), html };
}

/** One layout through MJML (required on first use), its whitespace collapsed. */
function layoutHtml(filePath: string): string {
  return collapseWhitespace(compileMjml(require('mjml') as MjmlToHtml, filePath));
}

/** MJML's strict validation throws a bare ValidationError: name the layout that failed. */
function compileMjml(mjml: MjmlToHtml, filePath: string): string {
  try {
    const { html, errors } = mjml(readFileSync(filePath, 'utf8'), {
      filePath,
      validationLevel: 'strict',
      keepComments: false,
      // MJML links Google Fonts for some family names (Roboto, Open Sans…): every reader's mail client
      // would then call a third party. System fonts only.
      fonts: {},
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

/** `templates/email` at the package root. */
function findTemplatesDirectory(): string {
  return join(packageRoot(), 'templates', 'email');
}

/** The directory above `src/mail` (tests) or `dist/src/mail` (built) that holds `templates/email`. */
function packageRoot(): string {
  for (let directory = __dirname; directory !== dirname(directory); directory = dirname(directory)) {
    if (existsSync(join(directory, 'templates', 'email', 'entry.mjml'))) return directory;
  }
  throw new Error(`templates/email not found above ${__dirname}`);
}
