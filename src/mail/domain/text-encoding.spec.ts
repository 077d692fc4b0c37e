import { textEncodingFor } from './text-encoding';

describe('textEncodingFor', () => {
  it('chooses quoted-printable for mostly Latin text, accents included', () => {
    expect(textEncodingFor('Les élèves ont réussi leur examen, et ça se fête.')).toBe('quoted-printable');
  });

  it('chooses base64 for text mostly outside the Latin alphabet', () => {
    expect(textEncodingFor('東京で新しい図書館が開館しました。 Tokyo')).toBe('base64');
    expect(textEncodingFor('Новая библиотека открылась в центре города')).toBe('base64');
  });

  it('reads only the start of a long text', () => {
    expect(textEncodingFor(`${'Plain English prose. '.repeat(300)}${'日本語'.repeat(10_000)}`)).toBe(
      'quoted-printable',
    );
  });
});
