import type { CommandLanguage, SubscriptionCommand } from '../../mail/email-models';

/**
 * The words a reader may reply with to change the subscription an email belongs to. The reply's first
 * line that is neither blank nor quoted must be one of them, alone (case, accents, hyphens and closing
 * punctuation do not matter), so that a sentence that merely starts with "stop" stays a message to
 * support. A word shared by several languages is read as the first language listed.
 */
const VOCABULARY: Record<CommandLanguage, Record<SubscriptionCommand, string[]>> = {
  en: {
    pause: ['pause'],
    resume: ['resume', 'unpause'],
    stop: ['stop', 'unsubscribe'],
    daily: ['daily'],
    weekly: ['weekly'],
    realtime: ['realtime', 'real time', 'instant'],
    'every-2h': ['every 2 hours', 'every two hours', 'every 2h'],
    'every-4h': ['every 4 hours', 'every four hours', 'every 4h'],
    'every-6h': ['every 6 hours', 'every six hours', 'every 6h'],
    'every-12h': ['every 12 hours', 'every twelve hours', 'every 12h', 'twice a day'],
    monthly: ['monthly'],
    unlimited: ['unlimited', 'no limit'],
  },
  fr: {
    pause: ['pause', 'mettre en pause'],
    resume: ['reprendre', 'reprise'],
    stop: ['arreter', 'arret', 'desabonner', 'se desabonner', 'desinscrire', 'desabonnement'],
    daily: ['quotidien', 'quotidienne', 'chaque jour'],
    weekly: ['hebdomadaire', 'hebdo', 'chaque semaine'],
    realtime: ['temps reel', 'en temps reel', 'instantane'],
    'every-2h': ['toutes les 2 heures', 'toutes les deux heures'],
    'every-4h': ['toutes les 4 heures', 'toutes les quatre heures'],
    'every-6h': ['toutes les 6 heures', 'toutes les six heures'],
    'every-12h': ['toutes les 12 heures', 'toutes les douze heures', 'deux fois par jour'],
    monthly: ['mensuel', 'mensuelle', 'chaque mois'],
    unlimited: ['illimite', 'sans limite'],
  },
  de: {
    pause: ['pausieren', 'anhalten'],
    resume: ['fortsetzen', 'weiter'],
    stop: ['stopp', 'abmelden', 'abbestellen', 'kundigen'],
    daily: ['taglich', 'taeglich'],
    weekly: ['wochentlich', 'woechentlich'],
    realtime: ['echtzeit', 'in echtzeit', 'sofort'],
    'every-2h': ['alle 2 stunden', 'alle zwei stunden'],
    'every-4h': ['alle 4 stunden', 'alle vier stunden'],
    'every-6h': ['alle 6 stunden', 'alle sechs stunden'],
    'every-12h': ['alle 12 stunden', 'alle zwolf stunden', 'alle zwoelf stunden', 'zweimal taglich'],
    monthly: ['monatlich'],
    unlimited: ['unbegrenzt', 'ohne limit'],
  },
  es: {
    pause: ['pausa', 'pausar'],
    resume: ['reanudar', 'continuar'],
    stop: ['parar', 'detener', 'baja', 'darse de baja', 'cancelar suscripcion', 'desuscribir'],
    daily: ['diario', 'diaria', 'cada dia'],
    weekly: ['semanal', 'cada semana'],
    realtime: ['tiempo real', 'en tiempo real', 'al instante'],
    'every-2h': ['cada 2 horas', 'cada dos horas'],
    'every-4h': ['cada 4 horas', 'cada cuatro horas'],
    'every-6h': ['cada 6 horas', 'cada seis horas'],
    'every-12h': ['cada 12 horas', 'cada doce horas', 'dos veces al dia'],
    monthly: ['mensual', 'cada mes'],
    unlimited: ['ilimitado', 'sin limite'],
  },
};

const COMMANDS = new Map<string, { command: SubscriptionCommand; language: CommandLanguage }>();
for (const [language, words] of Object.entries(VOCABULARY) as Array<
  [CommandLanguage, Record<SubscriptionCommand, string[]>]
>)
  for (const [command, spellings] of Object.entries(words) as Array<[SubscriptionCommand, string[]]>)
    for (const spelling of spellings)
      if (!COMMANDS.has(spelling)) COMMANDS.set(spelling, { command, language });

/** Longer than any command: such a line is read no further. */
export const MAX_COMMAND_LINE = 40;

/** The command a reply's text gives, or null when its first unquoted line is anything else. */
export function readReplyCommand(
  text: string,
): { command: SubscriptionCommand; language: CommandLanguage } | null {
  const line = firstUnquotedLine(text);
  if (line === null || line.length > MAX_COMMAND_LINE) return null;
  return COMMANDS.get(normalise(line)) ?? null;
}

/** The reply's first line that is neither blank nor quoted (null when there is none). */
export function firstUnquotedLine(text: string): string | null {
  for (const line of text.slice(0, 10_000).split(/\r?\n/)) {
    const trimmed = line.replace(/[\u200b-\u200d\ufeff]/g, '').trim();
    if (trimmed === '' || trimmed.startsWith('>')) continue;
    return trimmed;
  }
  return null;
}

/** Lower case, without accents, hyphens or underscores as spaces, closing punctuation and quotes dropped. */
export function normalise(line: string): string {
  return line
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[-_]+/g, ' ')
    .replace(/^[\s"'«»“”‘’*¡¿]+|[\s"'«»“”‘’*.!¡?¿,;:]+$/g, '')
    .replace(/\s+/g, ' ');
}
