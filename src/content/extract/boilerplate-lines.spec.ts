import { articleBody, expectLeftOut, extractText, prose } from '../../../test/support/article-pages';

const body = articleBody();

describe('lines told by their words: credits, labels, calls to action, notices', () => {
  it('leaves out short lines that only credit a photo or name a source, and keeps prose that starts alike', () => {
    const text = extractText(`<body><article>${body}
      <p><em>Photo: Harbour Agency</em></p><p>Quelle: Landesregierung</p>
      <p>Photo by photo, the exhibition tells the story of the harbour, of its cranes and boats, and of the families who built it.</p>
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('Harbour Agency');
    expect(text).not.toContain('Landesregierung');
    expect(text).toContain('Photo by photo, the exhibition');
  });

  it('leaves out labels over links to other articles, and keeps prose and teasers that open alike', () => {
    const text = extractText(`<body><article>${body}
      <h3>Mehr zum Thema</h3><p><strong>Das könnte Sie auch interessieren:</strong></p>
      <p>Related to each other: the harbour and the station were built in the same year.</p>
      <p>Related: <a href="/trains">Trains leave the harbour station</a> every hour since 1906.</p>
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('Mehr zum Thema');
    expect(text).not.toContain('Das könnte Sie');
    expect(text).toContain('Related to each other');
    expect(text).toContain('Related: Trains leave');
  });

  it('leaves out the links a related-articles label announces, up to the prose that follows them', () => {
    const text = extractText(`<body><article>${body}
      <p><strong>Lesen Sie auch:</strong></p>
      <p><a href="/a">Ein Roadtrip entlang der Küste, mit allen Stationen</a></p>
      <div class="card"><a href="/b">Herbstlicher Ausflug an den See</a> im Oktober</div>
      <p>The harbour closes at nine in the evening, and the last boat leaves an hour before that.</p>
      </article></body>`);
    expect(text).not.toContain('Ein Roadtrip');
    expect(text).not.toContain('Herbstlicher Ausflug');
    expect(text).toContain('The harbour closes at nine');
  });

  it('leaves out short calls to follow, share, subscribe or comment, and keeps prose about them', () => {
    const text = extractText(`<body><article>${body}
      <p>The harbour newsletter of 1906, printed on one sheet every Monday, told the town which boats had
      come in, which had left, and what they carried; collectors across the country still trade its few surviving copies at high prices.</p>
      <p><em>Folgen Sie uns auf Facebook und Twitter</em></p><p>Artikel gefallen? Vergiss nicht zu teilen!</p>
      <h3>Keine Kommentare</h3><p>Subscribe now to our print edition for the full story.</p>
      <p>For the latest stories download the Harbour News apps for iOS and Android.</p>
      <p><strong>HAZTE MIEMBRO Y DISFRUTA DE BENEFICIOS EXCLUSIVOS</strong></p>
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, [
      'Folgen Sie',
      'Artikel gefallen',
      'Keine Kommentare',
      'Subscribe now',
      'apps',
      'HAZTE',
    ]);
    expect(text).toContain('The harbour newsletter of 1906');
  });

  it('leaves out the page around the article: ad marks, ways back, meta labels, comment counts', () => {
    const text = extractText(`<body><article>${body}
      <p>- Anzeige -</p><p><a href="/news">Zurück zur Übersicht</a></p><p>Kategorie: News</p>
      <div>71 Kommentare</div><p>Next post</p><p><strong>Kontakt:</strong></p>
      <p>Next year the harbour opens a second basin for the ferries.</p>
      <p>Von Hamburg aus fahren die Fähren stündlich.</p><p><b>Von:</b> Ada Lovelace</p>
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, [
      'Anzeige',
      'Zurück',
      'Kategorie',
      'Kommentare',
      'Next post',
      'Kontakt',
      'Ada Lovelace',
    ]);
    expect(text).toContain('Next year the harbour opens');
    expect(text).toContain('Von Hamburg aus fahren die Fähren stündlich.');
  });

  it('leaves out rights notices and disclaimers, print buttons, and keeps prose about licences', () => {
    const text = extractText(`<body><article>${body}
      <p>Its source code is licensed under the Mozilla Public License, and the copyrights stay with the authors.</p>
      <p><em>This article is the copyrighted property of Harbour News. All rights reserved.</em></p>
      <p>Der Beitrag gibt die Meinung des Autors wieder, nicht notwendigerweise die der Redaktion.</p>
      <p><a href="#print">Rezept drucken</a></p>
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, ['copyrighted property', 'Meinung des Autors', 'drucken']);
    expect(text).toContain('Its source code is licensed');
  });

  it('leaves out a related-articles label between paragraphs when cards with pictures and links follow it', () => {
    const text = extractText(`<body><article>${body}<h2>Zum Weiterlesen</h2>
      <div class="cards"><div><img src="/a.jpg"><a href="/a">Harbour boats</a><p>Every boat that sails from the
      harbour, with its name, its age, and the family that owns it, described at some length here.</p></div></div>
      ${prose('last')}</article></body>`);
    expect(text).not.toContain('Zum Weiterlesen');
    expect(text).toContain('The last part of the post');
  });

  it("leaves out the labels of a page's controls, between paragraphs too", () => {
    const text = extractText(`<body><article>${body}
      <div class="step"><span class="toggle">Bild anzeigen</span></div>${prose('last')}
      <p><button>x</button><span>Lade weitere Inhalte …</span></p></article></body>`);
    expect(text).not.toContain('Bild anzeigen');
    expect(text).not.toContain('Lade weitere');
    expect(text).toContain('The last part of the post');
  });
});
