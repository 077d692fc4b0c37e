import type {
  CommandConfirmationEmail,
  CommandLanguage,
  DeliveryCadence,
  SubscriptionCommand,
} from '../email-models';
import { feedName } from './email-views';

type Outcome = SubscriptionCommand | 'nothing';
type HourlyCommand = 'every-2h' | 'every-4h' | 'every-6h' | 'every-12h';
const HOURS: Record<HourlyCommand, number> = { 'every-2h': 2, 'every-4h': 4, 'every-6h': 6, 'every-12h': 12 };

interface LanguageText {
  headline: Record<Exclude<Outcome, HourlyCommand>, string>;
  /** `{feeds}` stands for the feeds' names. */
  explanation: Record<Exclude<Outcome, HourlyCommand>, string>;
  /** `{hours}` stands for 2, 4, 6 or 12; `{feeds}` as above. */
  hourlyHeadline: string;
  hourlyExplanation: string;
  /** `{url}` stands for the dashboard's account page. */
  undoLimitOnDashboard: string;
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
    'every-2h': 'every 2 hours',
    'every-4h': 'every 4 hours',
    'every-6h': 'every 6 hours',
    'every-12h': 'every 12 hours',
    monthly: 'monthly',
    unlimited: 'unlimited',
  },
  fr: {
    pause: 'pause',
    resume: 'reprendre',
    stop: 'arrêter',
    daily: 'quotidien',
    weekly: 'hebdomadaire',
    realtime: 'temps réel',
    'every-2h': 'toutes les 2 heures',
    'every-4h': 'toutes les 4 heures',
    'every-6h': 'toutes les 6 heures',
    'every-12h': 'toutes les 12 heures',
    monthly: 'mensuel',
    unlimited: 'illimité',
  },
  de: {
    pause: 'pausieren',
    resume: 'fortsetzen',
    stop: 'abmelden',
    daily: 'täglich',
    weekly: 'wöchentlich',
    realtime: 'Echtzeit',
    'every-2h': 'alle 2 Stunden',
    'every-4h': 'alle 4 Stunden',
    'every-6h': 'alle 6 Stunden',
    'every-12h': 'alle 12 Stunden',
    monthly: 'monatlich',
    unlimited: 'unbegrenzt',
  },
  es: {
    pause: 'pausa',
    resume: 'reanudar',
    stop: 'baja',
    daily: 'diario',
    weekly: 'semanal',
    realtime: 'tiempo real',
    'every-2h': 'cada 2 horas',
    'every-4h': 'cada 4 horas',
    'every-6h': 'cada 6 horas',
    'every-12h': 'cada 12 horas',
    monthly: 'mensual',
    unlimited: 'ilimitado',
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
      monthly: 'Monthly digest',
      unlimited: 'No daily limit',
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
      monthly: 'New posts from {feeds} now arrive together in your monthly digest.',
      unlimited:
        'Your limit of emails a day is lifted: new posts reach you as they come. Posts already waiting still arrive in their catch-up email.',
      nothing: 'You are no longer subscribed to the feeds of the email you replied to.',
    },
    hourlyHeadline: 'A digest every {hours} hours',
    hourlyExplanation: 'New posts from {feeds} now arrive together in a digest every {hours} hours.',
    undoLimitOnDashboard: 'You can set a limit again on your account page: {url}',
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
      monthly: 'Résumé mensuel',
      unlimited: 'Plus de limite quotidienne',
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
      monthly: 'Les nouveaux articles de {feeds} arrivent désormais ensemble dans votre résumé mensuel.',
      unlimited:
        'Votre limite d’emails par jour est levée : les nouveaux articles vous parviennent dès leur publication. Ceux qui attendent déjà arrivent dans leur email de rattrapage.',
      nothing: 'Vous n’êtes plus abonné aux flux de l’email auquel vous avez répondu.',
    },
    hourlyHeadline: 'Un résumé toutes les {hours} heures',
    hourlyExplanation:
      'Les nouveaux articles de {feeds} arrivent désormais ensemble dans un résumé toutes les {hours} heures.',
    undoLimitOnDashboard: 'Vous pouvez fixer à nouveau une limite sur la page de votre compte : {url}',
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
      monthly: 'Monatliche Zusammenfassung',
      unlimited: 'Kein Tageslimit',
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
      monthly: 'Neue Beiträge von {feeds} kommen jetzt gesammelt in Ihrer monatlichen Zusammenfassung.',
      unlimited:
        'Ihr Limit an E-Mails pro Tag ist aufgehoben: Neue Beiträge erreichen Sie, sobald sie erscheinen. Was schon wartet, kommt in seiner Nachhol-E-Mail.',
      nothing: 'Sie haben die Feeds der beantworteten E-Mail nicht mehr abonniert.',
    },
    hourlyHeadline: 'Eine Zusammenfassung alle {hours} Stunden',
    hourlyExplanation:
      'Neue Beiträge von {feeds} kommen jetzt gesammelt in einer Zusammenfassung alle {hours} Stunden.',
    undoLimitOnDashboard: 'Sie können auf Ihrer Kontoseite wieder ein Limit setzen: {url}',
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
      monthly: 'Resumen mensual',
      unlimited: 'Sin límite diario',
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
      monthly: 'Las nuevas entradas de {feeds} llegan ahora juntas en tu resumen mensual.',
      unlimited:
        'Tu límite de correos al día se ha levantado: las nuevas entradas te llegan en cuanto se publican. Las que ya esperan llegan en su correo de puesta al día.',
      nothing: 'Ya no estás suscrito a los feeds del correo al que respondiste.',
    },
    hourlyHeadline: 'Un resumen cada {hours} horas',
    hourlyExplanation: 'Las nuevas entradas de {feeds} llegan ahora juntas en un resumen cada {hours} horas.',
    undoLimitOnDashboard: 'Puedes volver a fijar un límite en la página de tu cuenta: {url}',
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
  links: { feedsPage: string; accountPage: string; subscribeAgain: (feedUrl: string) => string },
) {
  const text = TEXT[email.language];
  // Lifting the budget is the reader's own setting: it holds whatever became of the feeds.
  const outcome: Outcome =
    email.feeds.length === 0 && email.command !== 'unlimited' ? 'nothing' : email.command;
  const names = listOf(email.feeds.map(feedName), text.and);
  const [headlineText, explanation] = wordsFor(text, outcome);
  const headline =
    outcome === 'nothing' || outcome === 'unlimited' ? headlineText : `${headlineText}: ${names}`;
  const undoWord = undoCommand(email);
  return {
    lang: email.language,
    headline,
    explanation: explanation.replace('{feeds}', names),
    undo:
      outcome === 'stop'
        ? text.undoStop
        : outcome === 'unlimited'
          ? text.undoLimitOnDashboard.replace('{url}', links.accountPage)
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

/** The headline and the explanation of an outcome. */
function wordsFor(text: LanguageText, outcome: Outcome): [string, string] {
  if (!Object.hasOwn(HOURS, outcome))
    return [
      text.headline[outcome as keyof LanguageText['headline']],
      text.explanation[outcome as keyof LanguageText['explanation']],
    ];
  const hours = String(HOURS[outcome as HourlyCommand]);
  return [text.hourlyHeadline.replace('{hours}', hours), text.hourlyExplanation.replace('{hours}', hours)];
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
