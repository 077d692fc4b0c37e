import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmailTemplates, precompileLayouts, TEMPLATE_NAMES } from './email-templates';

const common = {
  subject: 'Subject',
  preview: 'Preview',
  footerNote: 'Why you get this',
  unsubscribeUrl: 'https://t.example/unsubscribe/x',
  settingsUrl: 'https://t.example/',
};

describe('EmailTemplates', () => {
  const templates = new EmailTemplates().warm();

  it('has one MJML layout and one text layout per email kind, and nothing else', () => {
    const directory = join(__dirname, '..', '..', 'templates', 'email');
    const files = readdirSync(directory).filter((file) => file.includes('.'));
    const expected = TEMPLATE_NAMES.flatMap((name) => [`${name}.mjml`, `${name}.txt.hbs`]);
    expect(files.sort()).toEqual(expected.sort());
  });

  it('writes the text part as is, data that looks like markup or a placeholder included, with the footer', () => {
    const text = templates.renderText('support-reply', { ...common, bodyText: 'It is <b>fixed</b> & {{x}}' });
    expect(text).toContain('It is <b>fixed</b> & {{x}}');
    expect(text).toContain('Why you get this');
    expect(text).toContain('Unsubscribe: https://t.example/unsubscribe/x');
    expect(text).not.toMatch(/&amp;|&lt;/);
  });

  it('escapes values and leaves data that looks like a placeholder as text', () => {
    const html = templates.render('support-reply', {
      ...common,
      bodyText: '<img src=x onerror=alert(1)> {{x}}',
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt; {{x}}');
    expect(html).toMatch(/<meta name="color-scheme" content="light dark"/);
    expect(html).toContain('prefers-color-scheme: dark');
  });

  it('throws on a missing field rather than leave a blank or a placeholder', () => {
    expect(() => templates.render('support-reply', { ...common })).toThrow(/bodyText/);
    const { footerNote: _omitted, ...withoutFooter } = common;
    expect(() => templates.render('sign-in', { ...withoutFooter, link: 'x', expiresInMinutes: 5 })).toThrow(
      /footerNote/,
    );
  });

  it('refuses a layout MJML finds invalid, naming the file', () => {
    const directory = mkdtempSync(join(tmpdir(), 'tidings-templates-'));
    cpSync(join(__dirname, '..', '..', 'templates', 'email'), directory, { recursive: true });
    writeFileSync(join(directory, 'entry.mjml'), '<mjml><mj-body><mj-column></mj-column></mj-body></mjml>');
    expect(() => new EmailTemplates(directory).warm()).toThrow(/entry\.mjml: /);
    rmSync(directory, { recursive: true, force: true });
  });

  it('refuses a text layout Handlebars cannot parse, naming the file', () => {
    const directory = mkdtempSync(join(tmpdir(), 'tidings-templates-'));
    cpSync(join(__dirname, '..', '..', 'templates', 'email'), directory, { recursive: true });
    writeFileSync(join(directory, 'digest.txt.hbs'), '{{#each sections}}{{title}}');
    expect(() => new EmailTemplates(directory).warm()).toThrow(/digest\.txt\.hbs: /);
    rmSync(directory, { recursive: true, force: true });
  });

  it('takes the HTML the build made of the same sources, and compiles again when a layout changed', () => {
    const directory = mkdtempSync(join(tmpdir(), 'tidings-templates-'));
    cpSync(join(__dirname, '..', '..', 'templates', 'email'), directory, { recursive: true });
    const file = join(directory, 'email-layouts.json');
    const built = precompileLayouts(directory);
    writeFileSync(
      file,
      JSON.stringify({ ...built, html: { ...built.html, 'support-reply': '<p>built</p>' } }),
    );
    const reply = { ...common, bodyText: 'Fixed' };
    expect(new EmailTemplates(directory, file).render('support-reply', reply)).toBe('<p>built</p>');

    appendFileSync(join(directory, 'partials', 'footer.mjml'), '\n');
    const html = new EmailTemplates(directory, file).render('support-reply', reply);
    expect(html).toContain('Fixed');
    expect(html).toBe(templates.render('support-reply', reply));
    rmSync(directory, { recursive: true, force: true });
  });
});
