import { cloudRegistrationForm, isCloudAccepted } from './rss-cloud';

describe('rssCloud registration', () => {
  it('names our callback by domain, port and path, and the feed as url1', () => {
    expect(
      cloudRegistrationForm('https://tidings.example/rsscloud/abc', 'https://blog.example/feed'),
    ).toEqual({
      notifyProcedure: '',
      port: '443',
      path: '/rsscloud/abc',
      protocol: 'http-post',
      domain: 'tidings.example',
      url1: 'https://blog.example/feed',
    });
    expect(cloudRegistrationForm('http://127.0.0.1:8080/rsscloud/x', 'u').port).toBe('8080');
  });

  it('reads the server answer', () => {
    expect(isCloudAccepted(200, '<notifyResult success="true" msg="ok"/>')).toBe(true);
    expect(isCloudAccepted(200, "<notifyResult success='false' msg='no'/>")).toBe(false);
    expect(isCloudAccepted(500, '')).toBe(false);
  });
});
