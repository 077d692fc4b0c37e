import type {
  CommandConfirmationEmail,
  CommandLanguage,
  DeliveryCadence,
  SubscriptionCommand,
} from '../email-models';
import { feedName } from './email-views';

type Outcome = SubscriptionCommand | 'nothing';

interface LanguageText {
  headline: Record<Outcome, string>;
  /** `{feeds}` stands for the feeds' names. */
  explanation: Record<Outcome, string>;
  /** `{word}` stands for the reply that undoes the change. */
  undoByReply: string;
  undoStop: string;
  /** `{url}` stands for the dashboard's feeds page. */
  undoOnDashboard: string;
  and: string;
  footer: string;
}

/** The one word that asks for each command, as confirmations quote it (it reads back as that command). */
export const REPLY_WORDS: Record<CommandLanguage, Record<SubscriptionCommand, string>> = {
  en: {
    pause: 'pause',
    resume: 'resume',
    stop: 'stop',
    daily: 'daily',
    weekly: 'weekly',
    realtime: 'realtime',
  },
  fr: {
    pause: 'pause',
    resume: 'reprendre',
    stop: 'arrêter',
    daily: 'quotidien',
    weekly: 'hebdomadaire',
    realtime: 'temps réel',
  },
  de: {
    pause: 'pausieren',
    resume: 'fortsetzen',
    stop: 'abmelden',
    daily: 'täglich',
    weekly: 'wöchentlich',
    realtime: 'Echtzeit',
  },
  es: {
    pause: 'pausa',
    resume: 'reanudar',
    stop: 'baja',
    daily: 'diario',
    weekly: 'semanal',
    realtime: 'tiempo real',
  },
};

const TEXT: Record<CommandLanguage, LanguageText> = {
  en: {
    headline: {
      pause: 'Paused',
      resume: 'Resumed',
      stop: 'Unsubscribed',
      daily: 'Daily digest',
      weekly: 'Weekly digest',
      realtime: 'Real time',
      nothing: 'Nothing to change',
    },
    explanation: {
      pause:
        'Nothing from {feeds} will be emailed to you until you resume. Posts published meanwhile are skipped, so resuming will not flood your inbox.',
      resume: 'New posts from {feeds} reach you again, starting with the next one published.',
      stop: 'You will get no more emails from {feeds}.',
      daily: 'New posts from {feeds} now arrive together in your daily digest.',
      weekly: 'New posts from {feeds} now arrive together in your weekly digest.',
      realtime: 'New posts from {feeds} now arrive one by one, as soon as they are published.',
      nothing: 'You are no longer subscribed to the feeds of the email you replied to.',
    },
    undoByReply: 'To undo, reply “{word}” to this email.',
    undoStop: 'Changed your mind? Subscribe again:',
    undoOnDashboard: 'You can change this on your feeds page: {url}',
    and: 'and',
    footer: 'You get this email because you replied to a Tidings email with a command.',
  },
  fr: {
    headline: {
      pause: 'En pause',
      resume: 'Repris',
      stop: 'Désabonné',
      daily: 'Résumé quotidien',
      weekly: 'Résumé hebdomadaire',
      realtime: 'Temps réel',
      nothing: 'Rien à changer',
    },
    explanation: {
      pause:
        'Plus rien de {feeds} ne vous sera envoyé tant que vous ne reprenez pas. Les articles publiés entre-temps sont ignorés : la reprise ne remplira pas votre boîte.',
      resume: 'Les nouveaux articles de {feeds} vous parviennent à nouveau, à partir du prochain publié.',
      stop: 'Vous ne recevrez plus d’emails de {feeds}.',
      daily: 'Les nouveaux articles de {feeds} arrivent désormais ensemble dans votre résumé quotidien.',
      weekly: 'Les nouveaux articles de {feeds} arrivent désormais ensemble dans votre résumé hebdomadaire.',
      realtime: 'Les nouveaux articles de {feeds} arrivent désormais un par un, dès leur publication.',
      nothing: 'Vous n’êtes plus abonné aux flux de l’email auquel vous avez répondu.',
    },
    undoByReply: 'Pour annuler, répondez « {word} » à cet email.',
    undoStop: 'Vous avez changé d’avis ? Réabonnez-vous :',
    undoOnDashboard: 'Vous pouvez modifier cela sur la page de vos flux : {url}',
    and: 'et',
    footer: 'Vous recevez cet email parce que vous avez répondu à un email de Tidings par une commande.',
  },
  de: {
    headline: {
      pause: 'Pausiert',
      resume: 'Fortgesetzt',
      stop: 'Abgemeldet',
      daily: 'Tägliche Zusammenfassung',
      weekly: 'Wöchentliche Zusammenfassung',
      realtime: 'Echtzeit',
      nothing: 'Nichts zu ändern',
    },
    explanation: {
      pause:
        'Von {feeds} erhalten Sie nichts mehr, bis Sie fortsetzen. Was in der Zwischenzeit erscheint, wird übersprungen – das Fortsetzen flutet Ihr Postfach nicht.',
      resume: 'Neue Beiträge von {feeds} erreichen Sie wieder, ab dem nächsten, der erscheint.',
      stop: 'Sie erhalten keine E-Mails mehr von {feeds}.',
      daily: 'Neue Beiträge von {feeds} kommen jetzt gesammelt in Ihrer täglichen Zusammenfassung.',
      weekly: 'Neue Beiträge von {feeds} kommen jetzt gesammelt in Ihrer wöchentlichen Zusammenfassung.',
      realtime: 'Neue Beiträge von {feeds} kommen jetzt einzeln, sobald sie erscheinen.',
      nothing: 'Sie haben die Feeds der beantworteten E-Mail nicht mehr abonniert.',
    },
    undoByReply: 'Zum Rückgängigmachen antworten Sie „{word}“ auf diese E-Mail.',
    undoStop: 'Doch anders entschieden? Erneut abonnieren:',
    undoOnDashboard: 'Sie können das auf Ihrer Feed-Seite ändern: {url}',
    and: 'und',
    footer:
      'Sie erhalten diese E-Mail, weil Sie auf eine E-Mail von Tidings mit einem Befehl geantwortet haben.',
  },
  es: {
    headline: {
      pause: 'En pausa',
      resume: 'Reanudado',
      stop: 'Baja confirmada',
      daily: 'Resumen diario',
      weekly: 'Resumen semanal',
      realtime: 'Tiempo real',
      nothing: 'Nada que cambiar',
    },
    explanation: {
      pause:
        'No recibirás nada de {feeds} hasta que lo reanudes. Lo publicado mientras tanto se omite, así que reanudar no llenará tu bandeja.',
      resume: 'Las nuevas entradas de {feeds} vuelven a llegarte, a partir de la próxima que se publique.',
      stop: 'Ya no recibirás correos de {feeds}.',
      daily: 'Las nuevas entradas de {feeds} llegan ahora juntas en tu resumen diario.',
      weekly: 'Las nuevas entradas de {feeds} llegan ahora juntas en tu resumen semanal.',
      realtime: 'Las nuevas entradas de {feeds} llegan ahora una a una, en cuanto se publican.',
      nothing: 'Ya no estás suscrito a los feeds del correo al que respondiste.',
    },
    undoByReply: 'Para deshacerlo, responde «{word}» a este correo.',
    undoStop: '¿Cambiaste de idea? Vuelve a suscribirte:',
    undoOnDashboard: 'Puedes cambiarlo en tu página de feeds: {url}',
    and: 'y',
    footer: 'Recibes este correo porque respondiste a un correo de Tidings con una orden.',
  },
};

const UNDO_COMMAND: Partial<Record<SubscriptionCommand, SubscriptionCommand>> = {
  pause: 'resume',
  resume: 'pause',
};

/** What the confirmation of a reply command says, in the reader's language. */
export function commandConfirmationView(
  email: CommandConfirmationEmail,
  links: { feedsPage: string; subscribeAgain: (feedUrl: string) => string },
) {
  const text = TEXT[email.language];
  const outcome: Outcome = email.feeds.length === 0 ? 'nothing' : email.command;
  const names = listOf(email.feeds.map(feedName), text.and);
  const headline = outcome === 'nothing' ? text.headline.nothing : `${text.headline[outcome]}: ${names}`;
  const undoWord = undoCommand(email);
  return {
    headline,
    explanation: text.explanation[outcome].replace('{feeds}', names),
    undo:
      outcome === 'stop'
        ? text.undoStop
        : undoWord && outcome !== 'nothing'
          ? text.undoByReply.replace('{word}', REPLY_WORDS[email.language][undoWord])
          : text.undoOnDashboard.replace('{url}', links.feedsPage),
    subscribeAgain:
      outcome === 'stop'
        ? email.feeds.map((feed) => ({ name: feedName(feed), url: links.subscribeAgain(feed.url) }))
        : [],
    footerNote: text.footer,
  };
}

/** The command that reverses this one, or null when a reply cannot (a cadence that differed per feed). */
function undoCommand(email: CommandConfirmationEmail): SubscriptionCommand | null {
  if (email.command === 'pause' || email.command === 'resume') return UNDO_COMMAND[email.command]!;
  const previous: DeliveryCadence | null = email.previousCadence;
  return previous && previous !== email.command ? previous : null;
}

function listOf(names: string[], and: string): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
}
