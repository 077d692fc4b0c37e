import { senderDomainWarnings } from './sender-domain-warnings';

const healthy = {
  mailFrom: 'news@tidings.example',
  publicUrl: 'https://tidings.example',
  hasDkimKey: true,
};

describe('senderDomainWarnings', () => {
  it('says nothing about a sender that providers trust', () => {
    expect(senderDomainWarnings(healthy)).toEqual([]);
    expect(senderDomainWarnings({ ...healthy, mailFrom: 'Tidings <news@Tidings.Example>' })).toEqual([]);
  });

  it('names each problem on its own line', () => {
    expect(senderDomainWarnings({ ...healthy, hasDkimKey: false })).toEqual([
      expect.stringMatching(/^no DKIM key for MAIL_FROM's domain "tidings\.example" \(DKIM_PRIVATE_KEY\)/),
    ]);
    expect(senderDomainWarnings({ ...healthy, publicUrl: 'http://tidings.example' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not https: .*one-click unsubscribe/),
    ]);
    expect(
      senderDomainWarnings({
        mailFrom: 'tidings@localhost',
        publicUrl: 'http://localhost:3000',
        hasDkimKey: false,
      }),
    ).toHaveLength(3);
  });
});
