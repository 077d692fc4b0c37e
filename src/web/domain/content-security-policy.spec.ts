import { contentSecurityPolicy } from './content-security-policy';

describe('contentSecurityPolicy', () => {
  it('allows nothing from elsewhere on ordinary pages', () => {
    const policy = contentSecurityPolicy('n0nce');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain("img-src 'self' data:;");
    expect(policy).toContain("script-src 'nonce-n0nce'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it("allows an email preview's inline styles and images, never scripts", () => {
    const policy = contentSecurityPolicy('n0nce', { showsEmailPreview: true });
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("img-src 'self' data: https: http:");
    expect(policy).toContain("script-src 'nonce-n0nce';");
  });
});
