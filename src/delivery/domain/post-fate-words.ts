import type { CommandLanguage } from '../../mail/email-models';
import { HOURS_OF, HourlyCadence } from './digest-schedule';
import type { FilterRule } from './filter-entries';

/**
 * The sentences of a delivery record in one language: the feed page's (English) and the answer to a
 * reply asking "why" (in the language the reader asked in). Dates and times arrive formatted.
 */
export interface FateWords {
  /** The locale dates and times are written in. */
  locale: string;
  filtered(rule: string): string;
  ruleUnknown: string;
  include(words: string): string;
  exclude(word: string): string;
  regex(pattern: string): string;
  keepRecent(count: number): string;
  keepRandom(count: number): string;
  repeatOf(title: string, feedName: string): string;
  repeatUnknown: string;
  paused: string;
  /** `cadence` from `cadence()`, null when unknown; `date` the issue's local date, when known. */
  waitingForDigest(cadence: string | null, date: string | null): string;
  inDigest(cadence: string | null): string;
  inBurst: string;
  inOwnEmail: string;
  takenBack: string;
  sent(at: string, carrier: string, messageId: string): string;
  /** After `sent`: the provider sent back a delay report (DSN `Action: delayed`) since. */
  delayedAfterSending: string;
  heldForCredits: string;
  bounced(reason: string | null): string;
  suppressed: string;
  sending: string;
  deferred(since: string, reason: string | null, next: string): string;
  heldForOrigin(until: string): string;
  queued(at: string): string;
  removed(at: string): string;
  /** A cadence as `waitingForDigest` and `inDigest` name it. */
  cadence(cadence: string): string;
}

const hoursOf = (cadence: string): number | null =>
  Object.hasOwn(HOURS_OF, cadence) ? HOURS_OF[cadence as HourlyCadence] : null;

/** Cadences as adjectives or nouns, `{hours}` for the hourly ones. */
function cadenceNamer(names: Record<string, string>, hourly: string): (cadence: string) => string {
  return (cadence) => {
    const hours = hoursOf(cadence);
    if (hours !== null) return hourly.replace('{hours}', String(hours));
    const plain = cadence.replace(/^monthly-\d+$/, 'monthly');
    return names[plain] ?? plain;
  };
}

const ENGLISH: FateWords = {
  locale: 'en-GB',
  filtered: (rule) => `Filtered out: ${rule}.`,
  ruleUnknown: 'a filter of this subscription',
  include: (words) => `none of your words (${words}) is in it`,
  exclude: (word) => `it has your excluded word “${word}”`,
  regex: (pattern) => `it does not match your pattern ${pattern}`,
  keepRecent: (count) => `only the ${count} most recent posts of a batch are kept`,
  keepRandom: (count) => `${count} random posts of a batch are kept`,
  repeatOf: (title, feed) => `Not sent again: the same story as “${title}” from ${feed}.`,
  repeatUnknown: 'Not sent again: the same story as a post of another of your feeds.',
  paused: 'Skipped: the subscription was paused.',
  waitingForDigest: (cadence, date) =>
    `Waiting for the ${cadence ?? 'next'} digest${date ? ` of ${date}` : ''}.`,
  inDigest: (cadence) => `your ${cadence ? `${cadence} ` : ''}digest`,
  inBurst: 'one email with the others of its poll',
  inOwnEmail: 'its own email',
  takenBack: 'Not sent: its email was taken back.',
  sent: (at, carrier, id) => `Sent at ${at} in ${carrier} (Message-ID ${id}).`,
  delayedAfterSending: 'Your mail provider then reported a delay in delivering it; it may still arrive.',
  heldForCredits: 'Waiting for credits: it goes out once your balance can pay for it.',
  bounced: (reason) => `Bounced: ${reason ?? 'your mail provider refused it'}.`,
  suppressed: 'Not sent: your address is suppressed after an earlier bounce or complaint.',
  sending: 'Being sent now.',
  deferred: (since, reason, next) =>
    `Deferred by your mail provider since ${since} (${reason ?? 'no reason given'}); next try at ${next}.`,
  heldForOrigin: (until) =>
    `Held until ${until}: you also follow the site it links to, whose own copy goes instead if it comes meanwhile.`,
  queued: (at) => `Queued to send at ${at}.`,
  removed: (at) => `The feed removed it at ${at}; no email takes it back.`,
  cadence: cadenceNamer({ quiet: 'quiet-hours' }, '{hours}-hour'),
};

const FRENCH: FateWords = {
  locale: 'fr-FR',
  filtered: (rule) => `Filtré : ${rule}.`,
  ruleUnknown: 'un filtre de cet abonnement',
  include: (words) => `aucun de vos mots (${words}) n’y figure`,
  exclude: (word) => `il contient votre mot exclu « ${word} »`,
  regex: (pattern) => `il ne correspond pas à votre motif ${pattern}`,
  keepRecent: (count) => `seuls les ${count} articles les plus récents d’un lot sont gardés`,
  keepRandom: (count) => `${count} articles d’un lot sont gardés au hasard`,
  repeatOf: (title, feed) => `Pas renvoyé : la même histoire que « ${title} » de ${feed}.`,
  repeatUnknown: 'Pas renvoyé : la même histoire qu’un article d’un autre de vos flux.',
  paused: 'Ignoré : l’abonnement était en pause.',
  waitingForDigest: (cadence, date) =>
    `${cadence ? `Attend le résumé ${cadence}` : 'Attend le prochain résumé'}${date ? ` du ${date}` : ''}.`,
  inDigest: (cadence) => `votre résumé${cadence ? ` ${cadence}` : ''}`,
  inBurst: 'un seul email avec les autres articles du même relevé',
  inOwnEmail: 'son propre email',
  takenBack: 'Pas envoyé : son email a été retiré.',
  sent: (at, carrier, id) => `Envoyé le ${at} dans ${carrier} (Message-ID ${id}).`,
  delayedAfterSending: 'Votre messagerie a ensuite signalé un retard de livraison ; il peut encore arriver.',
  heldForCredits: 'En attente de crédits : il partira dès que votre solde pourra le payer.',
  bounced: (reason) => `Refusé : ${reason ?? 'votre messagerie l’a refusé'}.`,
  suppressed: 'Pas envoyé : votre adresse est bloquée après un refus ou une plainte.',
  sending: 'En cours d’envoi.',
  deferred: (since, reason, next) =>
    `Différé par votre messagerie depuis le ${since} (${reason ?? 'sans raison donnée'}) ; prochain essai le ${next}.`,
  heldForOrigin: (until) =>
    `Retenu jusqu’au ${until} : vous suivez aussi le site vers lequel il pointe, dont la propre version part à sa place si elle arrive entre-temps.`,
  queued: (at) => `Prévu pour l’envoi le ${at}.`,
  removed: (at) => `Le flux l’a retiré le ${at} ; aucun email ne le reprend.`,
  cadence: cadenceNamer(
    {
      daily: 'quotidien',
      weekly: 'hebdomadaire',
      monthly: 'mensuel',
      quiet: 'des heures calmes',
      'catch-up': 'de rattrapage',
    },
    'de {hours} heures',
  ),
};

// German names a digest by a compound noun, which needs no declension in any case.
const GERMAN: FateWords = {
  locale: 'de-DE',
  filtered: (rule) => `Herausgefiltert: ${rule}.`,
  ruleUnknown: 'ein Filter dieses Abonnements',
  include: (words) => `keines Ihrer Wörter (${words}) kommt darin vor`,
  exclude: (word) => `es enthält Ihr ausgeschlossenes Wort „${word}“`,
  regex: (pattern) => `es passt nicht zu Ihrem Muster ${pattern}`,
  keepRecent: (count) => `nur die ${count} neuesten Beiträge eines Stapels bleiben`,
  keepRandom: (count) => `${count} zufällige Beiträge eines Stapels bleiben`,
  repeatOf: (title, feed) => `Nicht erneut gesendet: dieselbe Geschichte wie „${title}“ von ${feed}.`,
  repeatUnknown: 'Nicht erneut gesendet: dieselbe Geschichte wie ein Beitrag eines anderen Ihrer Feeds.',
  paused: 'Übersprungen: das Abonnement war pausiert.',
  waitingForDigest: (cadence, date) =>
    `Wartet auf die ${cadence ?? 'nächste Zusammenfassung'}${date ? ` vom ${date}` : ''}.`,
  inDigest: (cadence) => `Ihrer ${cadence ?? 'Zusammenfassung'}`,
  inBurst: 'einer E-Mail mit den anderen Beiträgen derselben Abfrage',
  inOwnEmail: 'einer eigenen E-Mail',
  takenBack: 'Nicht gesendet: seine E-Mail wurde zurückgenommen.',
  sent: (at, carrier, id) => `Gesendet am ${at} in ${carrier} (Message-ID ${id}).`,
  delayedAfterSending:
    'Ihr Mailanbieter meldete danach eine Verzögerung bei der Zustellung; er kann noch ankommen.',
  heldForCredits: 'Wartet auf Guthaben: er geht hinaus, sobald Ihr Guthaben ihn bezahlen kann.',
  bounced: (reason) => `Abgewiesen: ${reason ?? 'Ihr Mailanbieter hat ihn abgelehnt'}.`,
  suppressed: 'Nicht gesendet: Ihre Adresse ist nach einer Abweisung oder Beschwerde gesperrt.',
  sending: 'Wird gerade gesendet.',
  deferred: (since, reason, next) =>
    `Von Ihrem Mailanbieter zurückgestellt seit ${since} (${reason ?? 'ohne Angabe von Gründen'}); nächster Versuch am ${next}.`,
  heldForOrigin: (until) =>
    `Zurückgehalten bis ${until}: Sie folgen auch der Website, auf die er verweist; deren eigene Fassung geht stattdessen, wenn sie bis dahin kommt.`,
  queued: (at) => `Zum Versand vorgesehen am ${at}.`,
  removed: (at) => `Der Feed hat ihn am ${at} entfernt; keine E-Mail nimmt ihn zurück.`,
  cadence: cadenceNamer(
    {
      daily: 'Tageszusammenfassung',
      weekly: 'Wochenzusammenfassung',
      monthly: 'Monatszusammenfassung',
      quiet: 'Zusammenfassung der Ruhezeit',
      'catch-up': 'Nachhol-Zusammenfassung',
    },
    '{hours}-Stunden-Zusammenfassung',
  ),
};

const SPANISH: FateWords = {
  locale: 'es-ES',
  filtered: (rule) => `Filtrado: ${rule}.`,
  ruleUnknown: 'un filtro de esta suscripción',
  include: (words) => `no contiene ninguna de sus palabras (${words})`,
  exclude: (word) => `contiene su palabra excluida «${word}»`,
  regex: (pattern) => `no coincide con su patrón ${pattern}`,
  keepRecent: (count) => `solo se guardan las ${count} entradas más recientes de un lote`,
  keepRandom: (count) => `se guardan ${count} entradas al azar de un lote`,
  repeatOf: (title, feed) => `No se envió de nuevo: la misma historia que «${title}» de ${feed}.`,
  repeatUnknown: 'No se envió de nuevo: la misma historia que una entrada de otro de sus feeds.',
  paused: 'Omitida: la suscripción estaba en pausa.',
  waitingForDigest: (cadence, date) =>
    `${cadence ? `Esperando el resumen ${cadence}` : 'Esperando el próximo resumen'}${date ? ` del ${date}` : ''}.`,
  inDigest: (cadence) => `su resumen${cadence ? ` ${cadence}` : ''}`,
  inBurst: 'un solo email con las demás entradas de la misma consulta',
  inOwnEmail: 'su propio email',
  takenBack: 'No enviada: su email fue retirado.',
  sent: (at, carrier, id) => `Enviada el ${at} en ${carrier} (Message-ID ${id}).`,
  delayedAfterSending:
    'Su proveedor de correo informó después de un retraso en la entrega; aún puede llegar.',
  heldForCredits: 'Esperando créditos: saldrá en cuanto su saldo pueda pagarla.',
  bounced: (reason) => `Rebotada: ${reason ?? 'su proveedor de correo la rechazó'}.`,
  suppressed: 'No enviada: su dirección está bloqueada tras un rebote o una queja.',
  sending: 'Enviándose ahora.',
  deferred: (since, reason, next) =>
    `Aplazada por su proveedor de correo desde el ${since} (${reason ?? 'sin motivo indicado'}); próximo intento el ${next}.`,
  heldForOrigin: (until) =>
    `Retenida hasta el ${until}: también sigue el sitio al que enlaza, cuya propia copia se envía en su lugar si llega antes.`,
  queued: (at) => `Prevista para enviarse el ${at}.`,
  removed: (at) => `El feed la retiró el ${at}; ningún email la retira.`,
  cadence: cadenceNamer(
    {
      daily: 'diario',
      weekly: 'semanal',
      monthly: 'mensual',
      quiet: 'de las horas de silencio',
      'catch-up': 'de recuperación',
    },
    'de {hours} horas',
  ),
};

export const FATE_WORDS: Record<CommandLanguage, FateWords> = {
  en: ENGLISH,
  fr: FRENCH,
  de: GERMAN,
  es: SPANISH,
};

/** A filter rule as the reason a post was left out. */
export function ruleInWords(rule: FilterRule | null, words: FateWords): string {
  if (!rule) return words.ruleUnknown;
  switch (rule.rule) {
    case 'include':
      return words.include(rule.words.join(', '));
    case 'exclude':
      return words.exclude(rule.word);
    case 'regex':
      return words.regex(rule.pattern);
    case 'keep-recent':
      return words.keepRecent(rule.count);
    case 'keep-random':
      return words.keepRandom(rule.count);
  }
}
