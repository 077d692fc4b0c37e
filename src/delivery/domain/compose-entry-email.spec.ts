import { composeEntryEmail } from './compose-entry-email';

describe('composeEntryEmail', () => {
  it('carries the title and link in subject, text and HTML', () => {
    const email = composeEntryEmail('Blog', {
      title: 'Hello',
      link: 'https://blog.example/1',
      summary: 'Hi',
    });
    expect(email.subject).toBe('Hello');
    expect(email.text).toContain('https://blog.example/1');
    expect(email.html).toContain('<a href="https://blog.example/1">');
  });

  it('escapes feed values in the HTML', () => {
    const email = composeEntryEmail('<b>', { title: '<script>x</script>', link: null, summary: '"&' });
    expect(email.html).not.toMatch(/<script|<b>/);
    expect(email.subject).toBe('<script>x</script>');
  });
});
