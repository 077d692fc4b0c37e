import { sharedTag, taggedSubject } from './subject-tag';

describe('subject tags', () => {
  it('open the subject in brackets, or leave it alone without a tag', () => {
    expect(taggedSubject('Ars', 'A post')).toBe('[Ars] A post');
    expect(taggedSubject(null, 'A post')).toBe('A post');
    expect(taggedSubject('', 'A post')).toBe('A post');
  });

  it('tag a digest only when every section has the same tag', () => {
    expect(sharedTag(['Ars', 'Ars'])).toBe('Ars');
    expect(sharedTag(['Ars', 'Work'])).toBeNull();
    expect(sharedTag(['Ars', null])).toBeNull();
    expect(sharedTag([null, null])).toBeNull();
    expect(sharedTag([])).toBeNull();
  });
});
