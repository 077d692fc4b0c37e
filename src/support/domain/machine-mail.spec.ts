import { machineMailReason } from './machine-mail';

const reason = (
  headers: Record<string, string>,
  subject = 'Re: Fresh post',
  returnPath: string | null = 'reader@example.com',
) => machineMailReason({ returnPath, headers: new Map(Object.entries(headers)), subject });

describe('machineMailReason', () => {
  it('takes a reply typed by a person for a person', () => {
    expect(reason({})).toBeNull();
    expect(reason({ 'auto-submitted': 'no' })).toBeNull();
    expect(reason({}, 'Re: Out of office: how we work remotely')).toBeNull();
    expect(reason({}, 'AW: Abwesenheit als Thema')).toBeNull();
  });

  it.each([
    ['RFC 3834 auto-replied', { 'auto-submitted': 'auto-replied' }, 'auto-submitted'],
    ['RFC 3834 auto-generated', { 'auto-submitted': 'auto-generated' }, 'auto-submitted'],
    ['Precedence: bulk', { precedence: 'bulk' }, 'bulk'],
    ['Precedence: junk', { precedence: 'junk' }, 'bulk'],
    ['Precedence: list', { precedence: 'list' }, 'bulk'],
    ['Precedence: auto_reply', { precedence: 'auto_reply' }, 'bulk'],
    ['a mailing list', { 'list-id': '<l.example.com>' }, 'list'],
    ['Exchange out-of-office', { 'x-auto-response-suppress': 'All' }, 'auto-response suppressed'],
    ['X-Autoreply', { 'x-autoreply': 'yes' }, 'auto-reply header'],
    ['X-Autorespond', { 'x-autorespond': 'vacation' }, 'auto-reply header'],
    ['X-Vacation', { 'x-vacation': '' }, 'auto-reply header'],
  ])('calls %s machine mail', (_, headers, why) => {
    expect(reason(headers)).toBe(why);
  });

  it.each([
    'Automatic reply: Fresh post',
    'Auto: Fresh post',
    'Out of Office: Fresh post',
    'Abwesenheitsnotiz: Fresh post',
    'Automatische Antwort: Fresh post',
    'Réponse automatique : Fresh post',
    'Respuesta automática: Fresh post',
    'On vacation until Monday',
  ])('calls a vacation notice titled %j machine mail', (subject) => {
    expect(reason({}, subject)).toBe('vacation notice');
  });

  it.each([[null], [''], ['<>']])('calls mail without a return path (%j) machine mail', (returnPath) => {
    expect(reason({}, 'Re: x', returnPath)).toBe('no return path');
  });

  it('calls mail from a daemon or a no-reply address machine mail', () => {
    expect(reason({}, 'Re: x', 'MAILER-DAEMON@mx.example.com')).toBe('machine sender');
    expect(reason({}, 'Re: x', 'no-reply@example.com')).toBe('machine sender');
  });
});
