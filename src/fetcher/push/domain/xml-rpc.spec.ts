import { faultResponse, parseMethodCall, pingResponse, XmlRpcError } from './xml-rpc';

const call = (method: string, params: string) =>
  `<?xml version="1.0"?><methodCall><methodName>${method}</methodName><params>${params}</params></methodCall>`;

describe('parseMethodCall', () => {
  it('reads weblogUpdates.ping with plain and typed strings', () => {
    expect(
      parseMethodCall(
        call(
          'weblogUpdates.ping',
          '<param><value>My &amp; Blog</value></param><param><value><string>https://blog.example/</string></value></param>',
        ),
      ),
    ).toEqual({ method: 'weblogUpdates.ping', params: ['My & Blog', 'https://blog.example/'] });
  });

  it('reads extendedPing and marks non-string parameters', () => {
    const parsed = parseMethodCall(
      call(
        'weblogUpdates.extendedPing',
        ['Blog', 'https://blog.example/', 'https://blog.example/new', 'https://blog.example/feed']
          .map((value) => `<param><value><string><![CDATA[${value}]]></string></value></param>`)
          .join('') + '<param><value><int>4</int></value></param>',
      ),
    );
    expect(parsed.params).toEqual([
      'Blog',
      'https://blog.example/',
      'https://blog.example/new',
      'https://blog.example/feed',
      null,
    ]);
  });

  it.each([
    ['an empty body', ''],
    ['not XML', 'hello'],
    ['unclosed tags', '<methodCall><methodName>x</methodName>'],
    ['another root', '<methodResponse/>'],
    ['no methodName', '<methodCall><params/></methodCall>'],
    ['a weird methodName', '<methodCall><methodName>a b</methodName></methodCall>'],
    [
      'an entity bomb',
      '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><methodCall><methodName>&b;</methodName></methodCall>',
    ],
    [
      'an external entity',
      '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><methodCall><methodName>&e;</methodName></methodCall>',
    ],
    ['an undefined entity', '<methodCall><methodName>&nope;</methodName></methodCall>'],
    ['deep nesting', `<methodCall>${'<a>'.repeat(50)}${'</a>'.repeat(50)}</methodCall>`],
    [
      'too many nodes',
      `<methodCall><methodName>x</methodName><params>${'<param/>'.repeat(5000)}</params></methodCall>`,
    ],
  ])('refuses %s with an XmlRpcError', (_name, xml) => {
    expect(() => parseMethodCall(xml)).toThrow(XmlRpcError);
  });
});

describe('responses', () => {
  it('answers pings with the standard struct', () => {
    expect(pingResponse(false, 'Thanks for the ping.')).toContain(
      '<struct><member><name>flerror</name><value><boolean>0</boolean></value></member>' +
        '<member><name>message</name><value>Thanks for the ping.</value></member></struct>',
    );
    expect(pingResponse(true, 'a < b')).toContain('<boolean>1</boolean>');
    expect(pingResponse(true, 'a < b')).toContain('a &lt; b');
  });

  it('answers faults with faultCode and faultString', () => {
    const fault = faultResponse(-32700, 'parse error & more');
    expect(fault).toMatch(/<methodResponse><fault><value><struct>/);
    expect(fault).toContain('<name>faultCode</name><value><int>-32700</int></value>');
    expect(fault).toContain('<string>parse error &amp; more</string>');
  });
});
