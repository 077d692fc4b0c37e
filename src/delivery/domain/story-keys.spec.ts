import { isRemembered, storyKeys } from './story-keys';

const post = {
  link: 'https://blog.example/apples',
  title: 'Apples in autumn',
  summary: null,
  content: '<p>Crisp and sweet.</p>',
};

describe('storyKeys', () => {
  it('match an aggregator’s link with tracking parameters to the original', () => {
    const relinked = {
      ...post,
      title: 'Roundup: apples',
      content: '<p>A short note.</p>',
      link: `${post.link}?utm_source=roundup`,
    };
    expect(storyKeys(relinked)[0]).toBe(storyKeys(post)[0]);
  });

  it('match the same title and text under another link, whatever the markup, case and spacing', () => {
    const mirrored = {
      ...post,
      link: 'https://mirror.example/x/1',
      title: 'APPLES in  autumn!',
      content: '<div>Crisp  and <b>sweet</b></div>',
    };
    expect(storyKeys(mirrored)[1]).toBe(storyKeys(post)[1]);
    expect(storyKeys({ ...mirrored, content: '<p>Other text.</p>' })).not.toContain(storyKeys(post)[1]);
  });

  it('have no key for what cannot tell stories apart', () => {
    expect(
      storyKeys({ link: 'https://blog.example/', title: null, summary: null, content: '<p>x</p>' }),
    ).toEqual([]);
    expect(storyKeys({ link: null, title: 'Only a title', summary: null, content: null })).toEqual([]);
    expect(
      storyKeys({ link: null, title: 'Title', summary: 'Summary used without content', content: null }),
    ).toHaveLength(1);
  });
});

describe('isRemembered', () => {
  it('remembers a story for seven days', () => {
    const told = new Date('2026-11-15T10:00:00Z');
    expect(isRemembered(told, new Date('2026-11-22T09:59:59Z'))).toBe(true);
    expect(isRemembered(told, new Date('2026-11-22T10:00:00Z'))).toBe(false);
  });
});
