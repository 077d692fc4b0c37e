import { REPLY_WORDS } from '../../mail/domain/command-confirmation';
import { readReplyCommand } from './reply-command';

describe('readReplyCommand', () => {
  it.each([
    ['pause', 'pause', 'en'],
    ['Resume', 'resume', 'en'],
    ['STOP!', 'stop', 'en'],
    ['unsubscribe.', 'stop', 'en'],
    ['Daily', 'daily', 'en'],
    ['weekly', 'weekly', 'en'],
    ['real-time', 'realtime', 'en'],
    ['Realtime', 'realtime', 'en'],
    ['reprendre', 'resume', 'fr'],
    ['Arrêter', 'stop', 'fr'],
    ['se désabonner', 'stop', 'fr'],
    ['quotidien', 'daily', 'fr'],
    ['Hebdomadaire', 'weekly', 'fr'],
    ['temps réel', 'realtime', 'fr'],
    ['pausieren', 'pause', 'de'],
    ['Fortsetzen', 'resume', 'de'],
    ['abmelden', 'stop', 'de'],
    ['täglich', 'daily', 'de'],
    ['Wöchentlich', 'weekly', 'de'],
    ['Echtzeit', 'realtime', 'de'],
    ['pausa', 'pause', 'es'],
    ['reanudar', 'resume', 'es'],
    ['¡Baja!', 'stop', 'es'],
    ['diario', 'daily', 'es'],
    ['semanal', 'weekly', 'es'],
    ['tiempo real', 'realtime', 'es'],
    ['every 6 hours', 'every-6h', 'en'],
    ['Every-2h', 'every-2h', 'en'],
    ['twice a day', 'every-12h', 'en'],
    ['Monthly.', 'monthly', 'en'],
    ['unlimited', 'unlimited', 'en'],
    ['toutes les quatre heures', 'every-4h', 'fr'],
    ['mensuelle', 'monthly', 'fr'],
    ['illimité', 'unlimited', 'fr'],
    ['alle 6 Stunden', 'every-6h', 'de'],
    ['Monatlich', 'monthly', 'de'],
    ['unbegrenzt', 'unlimited', 'de'],
    ['cada doce horas', 'every-12h', 'es'],
    ['mensual', 'monthly', 'es'],
    ['sin límite', 'unlimited', 'es'],
  ])('reads %j as %s (%s)', (text, command, language) => {
    expect(readReplyCommand(text)).toEqual({ command, language });
  });

  it('reads the first line that is neither blank nor quoted, as mail clients write replies', () => {
    const reply = '\r\n  \r\nPause\r\n\r\nOn Sun, 22 Nov 2026, Example Blog wrote:\r\n> stop\r\n';
    expect(readReplyCommand(reply)).toEqual({ command: 'pause', language: 'en' });
    expect(readReplyCommand('> resume\n> quoted\nweekly\n')).toEqual({ command: 'weekly', language: 'en' });
    expect(readReplyCommand('\ufeff\u200bstop\n-- \nAda')).toEqual({ command: 'stop', language: 'en' });
  });

  it('leaves anything else to support: sentences, other first lines, empty replies', () => {
    expect(readReplyCommand('Stop sending me the same post twice, please.')).toBeNull();
    expect(readReplyCommand('Hello,\npause\n')).toBeNull();
    expect(readReplyCommand('please pause')).toBeNull();
    expect(readReplyCommand('')).toBeNull();
    expect(readReplyCommand('> pause\n>\n')).toBeNull();
    expect(readReplyCommand('x'.repeat(100_000))).toBeNull();
    expect(readReplyCommand('constructor')).toBeNull();
  });
});

describe('the words confirmations quote to undo a command', () => {
  it.each(Object.entries(REPLY_WORDS))('read back as their command in %s', (_, words) => {
    for (const [command, word] of Object.entries(words))
      expect(readReplyCommand(word)?.command).toBe(command);
  });
});
