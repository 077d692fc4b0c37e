import { readersOwnWords } from './readers-own-words';

const text = (body: string) => readersOwnWords({ text: body, html: null });
const html = (body: string) => readersOwnWords({ text: '', html: body });

describe('readersOwnWords', () => {
  it('leaves out the quoted email in the four languages of reply commands, and the signature', () => {
    expect(
      text('Thanks, it works.\n\nOn Fri, Nov 27, 2026 at 9:00 AM Tidings <r@t.test> wrote:\n> A post\n'),
    ).toBe('Thanks, it works.');
    expect(
      text('Merci !\n\nLe ven. 27 nov. 2026 à 09:00, Tidings <r@t.test> a écrit :\n> Un article\n'),
    ).toBe('Merci !');
    expect(
      text('Danke.\n\nAm Fr., 27. Nov. 2026 um 09:00 Uhr schrieb Tidings <r@t.test>:\n> Beitrag\n'),
    ).toBe('Danke.');
    expect(
      text('Gracias.\n\nEl vie, 27 nov 2026 a las 9:00, Tidings (<r@t.test>) escribió:\n> Texto\n'),
    ).toBe('Gracias.');
    expect(text('It works.\r\n\r\n-- \r\nAda Lovelace\r\nAnalytical Engines\r\n')).toBe('It works.');
  });

  it('leaves out an Outlook header block and what follows it', () => {
    expect(
      text(
        'Where is my digest?\n\n________________________________\nFrom: Tidings <r@t.test>\nSent: Friday, November 27, 2026 9:00 AM\nTo: ada@example.com\nSubject: Your daily digest\n\nYour daily digest\n',
      ),
    ).toBe('Where is my digest?');
  });

  it('reads an HTML-only reply without the blocks Gmail, Outlook and Apple Mail mark as quotes', () => {
    expect(
      html(
        '<div dir="ltr">Pause</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Fri, Nov 27, 2026 wrote:<br></div><blockquote class="gmail_quote">A post</blockquote></div>',
      ),
    ).toBe('Pause');
    expect(
      html(
        '<html><body><div class="WordSection1"><p>Where is it?</p><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Tidings<br><b>Sent:</b> Friday</div><div>Your daily digest</div></div><p>more quoted</p></body></html>',
      ),
    ).toBe('Where is it?');
    expect(
      html(
        '<html><body><div>Thanks!</div><div><br><blockquote type="cite"><div>On 27 Nov 2026, at 09:00, Tidings wrote:</div><div>A post</div></blockquote></div></body></html>',
      ),
    ).toBe('Thanks!');
  });

  it('keeps everything the reader wrote: several paragraphs, and answers between quoted lines', () => {
    expect(text('First paragraph.\n\nSecond one.\n')).toBe('First paragraph.\n\nSecond one.');
    expect(text('> Is it late?\nYes, two days.\n')).toBe('Yes, two days.');
    expect(html('<p>One.</p><p>Two.</p>')).toBe('One.\n\nTwo.');
  });

  it('is empty when the message holds nothing of the reader’s own', () => {
    expect(text('')).toBe('');
    expect(html('<div class="gmail_quote">only the quote</div>')).toBe('');
  });
});
