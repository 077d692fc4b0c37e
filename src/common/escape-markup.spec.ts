import { escapeMarkup } from './escape-markup';

describe('escapeMarkup', () => {
  it('escapes what could open markup, end an attribute or start a reference', () => {
    expect(escapeMarkup(`Tom & "Jerry" <script>it's</script>\u00a0!`)).toBe(
      'Tom &amp; &quot;Jerry&quot; &lt;script&gt;it&#39;s&lt;/script&gt;&#160;!',
    );
  });

  it('leaves everything else as it is, references included, escaped once more', () => {
    expect(escapeMarkup('Crème brûlée → 東京 &amp;')).toBe('Crème brûlée → 東京 &amp;amp;');
  });
});
