export interface EntryForEmail {
  title: string | null;
  link: string | null;
  summary: string | null;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A plain per-entry email. The mail templates replace this layout; the fields stay the same. */
export function composeEntryEmail(feedTitle: string, entry: EntryForEmail): ComposedEmail {
  const title = entry.title ?? entry.link ?? 'New post';
  const lines = [title, entry.link ?? '', '', entry.summary ?? '', '', `— ${feedTitle}, via Tidings`];
  const link = entry.link ? `<p><a href="${escapeHtml(entry.link)}">${escapeHtml(entry.link)}</a></p>` : '';
  return {
    subject: title.replace(/\s+/g, ' ').slice(0, 250),
    text:
      lines
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim() + '\n',
    html: `<h1>${escapeHtml(title)}</h1>${link}<p>${escapeHtml(entry.summary ?? '')}</p><p>— ${escapeHtml(feedTitle)}, via Tidings</p>`,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
