import type { CommandLanguage, DeliveryRecordEmail } from '../email-models';
import { feedName } from './email-views';

interface RecordText {
  /** `names`: the feeds' names. */
  subject(names: string): string;
  preview: string;
  headline: string;
  explanation: string;
  /** Before a post's poll time. */
  seen: string;
  noPosts: string;
  /** Before the link to the feed's page, which lists the latest 50. */
  latest: string;
  otherFeeds(count: number, feedsPage: string): string;
  footer: string;
}

const TEXT: Record<CommandLanguage, RecordText> = {
  en: {
    subject: (names) => `What happened to the latest posts of ${names}`,
    preview: 'Each post, and what became of it for you.',
    headline: 'What happened to the latest posts',
    explanation:
      'The latest posts of the feed you replied about, newest first, and what became of each for you.',
    seen: 'Seen',
    noPosts: 'No posts since you subscribed.',
    latest: 'The latest 50:',
    otherFeeds: (count, page) =>
      `The email you replied to has ${count} more ${count === 1 ? 'feed' : 'feeds'}; ` +
      `their pages at ${page} say what happened to their posts.`,
    footer: 'You get this email because you replied “why” to a Tidings email.',
  },
  fr: {
    subject: (names) => `Ce que sont devenus les derniers articles de ${names}`,
    preview: 'Chaque article, et ce qu’il est devenu pour vous.',
    headline: 'Ce que sont devenus les derniers articles',
    explanation:
      'Les derniers articles du flux de l’email auquel vous avez répondu, du plus récent au plus ancien, et ce que chacun est devenu pour vous.',
    seen: 'Vu le',
    noPosts: 'Aucun article depuis votre abonnement.',
    latest: 'Les 50 derniers :',
    otherFeeds: (count, page) =>
      `L’email auquel vous avez répondu a ${count} ${count === 1 ? 'autre flux' : 'autres flux'} ; ` +
      `leurs pages sur ${page} disent ce que sont devenus leurs articles.`,
    footer: 'Vous recevez cet email parce que vous avez répondu « pourquoi » à un email de Tidings.',
  },
  de: {
    subject: (names) => `Was aus den neuesten Beiträgen von ${names} wurde`,
    preview: 'Jeder Beitrag und was für Sie daraus wurde.',
    headline: 'Was aus den neuesten Beiträgen wurde',
    explanation:
      'Die neuesten Beiträge des Feeds, auf dessen E-Mail Sie geantwortet haben, die neuesten zuerst, und was für Sie aus jedem wurde.',
    seen: 'Gesehen am',
    noPosts: 'Keine Beiträge, seit Sie abonniert haben.',
    latest: 'Die letzten 50:',
    otherFeeds: (count, page) =>
      `Die E-Mail, auf die Sie geantwortet haben, hat ${count} ${count === 1 ? 'weiteren Feed' : 'weitere Feeds'}; ` +
      `ihre Seiten unter ${page} zeigen, was aus ihren Beiträgen wurde.`,
    footer: 'Sie erhalten diese E-Mail, weil Sie auf eine E-Mail von Tidings mit „warum“ geantwortet haben.',
  },
  es: {
    subject: (names) => `Qué pasó con las últimas entradas de ${names}`,
    preview: 'Cada entrada y qué fue de ella para usted.',
    headline: 'Qué pasó con las últimas entradas',
    explanation:
      'Las últimas entradas del feed del email al que respondió, de la más reciente a la más antigua, y qué fue de cada una para usted.',
    seen: 'Vista el',
    noPosts: 'Ninguna entrada desde que se suscribió.',
    latest: 'Las últimas 50:',
    otherFeeds: (count, page) =>
      `El email al que respondió tiene ${count} ${count === 1 ? 'feed más' : 'feeds más'}; ` +
      `sus páginas en ${page} dicen qué pasó con sus entradas.`,
    footer: 'Recibe este email porque respondió «por qué» a un email de Tidings.',
  },
};

/** The answer to "why" in the language it was asked in: its subject, preview, view and footer note. */
export function deliveryRecordView(email: DeliveryRecordEmail, publicUrl: string) {
  const text = TEXT[email.language];
  const names = email.feeds.map(({ feed }) => feedName(feed));
  const feedsPage = `${publicUrl}/feeds`;
  return {
    subject: text.subject(names.join(', ')),
    preview: text.preview,
    footerNote: text.footer,
    view: {
      lang: email.language,
      headline: text.headline,
      explanation: text.explanation,
      words: { seen: text.seen, noPosts: text.noPosts, latest: text.latest },
      feeds: email.feeds.map(({ feed, subscriptionId, posts }) => ({
        name: feedName(feed),
        posts,
        pageUrl: `${feedsPage}/${subscriptionId}`,
      })),
      otherFeeds: email.otherFeeds ? text.otherFeeds(email.otherFeeds, feedsPage) : null,
    },
  };
}
