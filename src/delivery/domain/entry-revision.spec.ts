import { materialChange, PostVersion } from './entry-revision';

const post: PostVersion = {
  title: 'Apples in autumn',
  summary: null,
  content: '<p>Crisp and sweet. The orchard opens at nine.</p><p>Bring a basket.</p>',
};

describe('materialChange', () => {
  it.each<[string, Partial<PostVersion>]>([
    [
      'white space and markup',
      { content: '<div>Crisp  and sweet.\n The orchard opens at nine. <b>Bring</b> a basket.</div>' },
    ],
    ['a title re-spaced', { title: '  Apples   in autumn ' }],
    ['a date bump alone (dates are not compared)', {}],
  ])('ignores %s', (_, change) => {
    expect(materialChange(post, { ...post, ...change })).toBeNull();
  });

  it('ignores an accent written decomposed', () => {
    expect(materialChange({ ...post, title: 'Café' }, { ...post, title: 'Cafe\u0301' })).toBeNull();
  });

  it('ignores a tracking parameter added to a link written in the text', () => {
    const linked = (link: string) => ({ ...post, content: `${post.content}<p>See ${link}.</p>` });
    expect(
      materialChange(linked('https://blog.example/a'), linked('https://blog.example/a?utm_source=rss')),
    ).toBeNull();
    expect(materialChange(linked('https://blog.example/a'), linked('https://blog.example/b'))).not.toBeNull();
  });

  it('names a new title and the sentences that changed, added and removed', () => {
    const change = materialChange(post, {
      title: 'Apples in late autumn',
      summary: null,
      content: '<p>Crisp and sweet. The orchard opens at ten.</p><p>Bring a basket.</p>',
    });
    expect(change).toEqual({
      titleBefore: 'Apples in autumn',
      added: ['The orchard opens at ten.'],
      removed: ['The orchard opens at nine.'],
      more: 0,
    });
  });

  it('compares only the title when the old text is no longer stored', () => {
    const pruned = { ...post, content: null };
    expect(materialChange(pruned, post)).toBeNull();
    expect(materialChange(pruned, { ...post, title: 'Pears' })).toMatchObject({
      titleBefore: 'Apples in autumn',
      added: [],
    });
  });

  it('lists at most five new sentences and three removed ones, and counts the rest', () => {
    const many = (word: string, n: number) =>
      Array.from({ length: n }, (_, i) => `<p>${word} number ${i + 1}.</p>`).join('');
    const change = materialChange(
      { ...post, content: many('Old', 4) },
      { ...post, content: many('New', 7) },
    )!;
    expect(change.added).toHaveLength(5);
    expect(change.removed).toHaveLength(3);
    expect(change.more).toBe(3);
  });
});
