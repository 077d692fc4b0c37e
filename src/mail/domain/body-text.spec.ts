import { htmlToText } from '../../content';
import { bodyText } from './body-text';

describe('bodyText', () => {
  it('is the text of the HTML, for every email that carries it', () => {
    const html = '<p>One <a href="https://a.example/">link</a></p><blockquote><p>quoted</p></blockquote>';
    const text = 'One link (https://a.example/)\n\n> quoted';
    expect([html, html, html].map((body) => bodyText(body))).toEqual([text, text, text]);
  });

  it('gives each body its own text after more bodies than it keeps, and a body longer than all it keeps', () => {
    const bodies = Array.from(
      { length: 12 },
      (_, index) => `<p>Post ${index}. ${'Words. '.repeat(14_000)}</p>`,
    );
    const longest = `<p>${'A very long post. '.repeat(62_000)}</p>`;
    for (const html of [...bodies, longest, ...bodies]) expect(bodyText(html)).toBe(htmlToText(html));
  });
});
