import { readRecordQuestion } from './record-question';

describe('readRecordQuestion', () => {
  it.each([
    ['why', 'en'],
    ['Why?', 'en'],
    ['  WHY.\n\n> On Monday Tidings wrote:\n> stop', 'en'],
    ['Pourquoi ?', 'fr'],
    ['Warum?', 'de'],
    ['wieso', 'de'],
    ['¿Por qué?', 'es'],
    ['porque', 'es'],
  ])('reads %j as the question in %s', (text, language) => {
    expect(readRecordQuestion(text)).toEqual({ language });
  });

  it.each(['why did my post not arrive?', 'stop', '> why', '', 'why why'])('does not read %j', (text) => {
    expect(readRecordQuestion(text)).toBeNull();
  });
});
