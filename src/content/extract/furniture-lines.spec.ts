import { expectLeftOut, extractText, prose } from '../../../test/support/article-pages';

describe("lines of the page's widgets inside an article", () => {
  it('leaves out consent placeholders, login states, download boxes and cart notices', () => {
    const text = extractText(`<body><article>${prose('first')}
      <div class="embed"><div class="message">Wir respektieren deine Privatsphäre und stellen deshalb ohne dein
      Einverständnis keine Verbindung zu Twitter her.</div><a href="/settings">Einstellungen verwalten</a></div>
      ${prose('second')}${prose('third')}${prose('fourth')}
      <div class="box"><div>Dieses Skript als PDF herunterladen</div><a href="/script.pdf">Download (123 KB)</a></div>
      <p>Sie sind aktuell nicht eingeloggt.</p><div>Der Artikel wurde erfolgreich hinzugefügt.</div>
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, [
      'Privatsphäre',
      'Einstellungen verwalten',
      'Skript als PDF',
      'eingeloggt',
      'hinzugefügt',
    ]);
  });

  it('keeps sentences of the article between its paragraphs that say the same words without a link', () => {
    const text = extractText(`<body><article>${prose('first')}
      <p>Sie können den Bericht als PDF herunterladen, wenn Sie ihn später lesen möchten.</p>
      <p>„Wir respektieren Ihre Privatsphäre“, sagte die Sprecherin des Unternehmens am Montag.</p>
      ${prose('second')}</article></body>`);
    expect(text).toContain('Sie können den Bericht als PDF herunterladen');
    expect(text).toContain('Wir respektieren Ihre Privatsphäre');
  });

  it("leaves out a report's sign-off, a shop's basket box and a reversed photo credit, and keeps sentences with them", () => {
    const text = extractText(`<body><article>${prose('first')}<p>aja/PAP</p>
      <p>Die Agentur dpa/AFP meldete am Morgen den Rücktritt des Hafenmeisters.</p>${prose('second')}
      <div class="box"><p>Like recipe? Add the ingredients to your basket and deliver to you.</p>
      <a href="/shop">Order now</a></div><p>Crédits photos : Bestimage</p></article></body>`);
    expect(text).toContain('The second part of the post');
    expect(text).toContain('Die Agentur dpa/AFP meldete am Morgen');
    expectLeftOut(text, ['aja/PAP', 'Like recipe', 'Bestimage']);
  });
});
