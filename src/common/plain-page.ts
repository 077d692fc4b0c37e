import { escapeMarkup } from './escape-markup';

/**
 * A page outside the dashboard (unsubscribing, a refused link, an error shown to a browser) in the
 * dashboard's look: its layout and its one stylesheet, served by us (system fonts, nothing remote).
 * `bodyHtml` is markup the caller built with `escapeMarkup`.
 */
export function plainPage(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeMarkup(title)} · Tidings</title>
  <link rel="stylesheet" href="/assets/app.css">
</head>
<body>
  <header class="top"><a class="brand" href="/">Tidings</a></header>
  <main id="main">
    <h1>${escapeMarkup(title)}</h1>
    ${bodyHtml}
  </main>
  <footer class="bottom">Feeds delivered by email</footer>
</body>
</html>
`;
}

export interface PageLink {
  href: string;
  label: string;
}

/** A refused request, said for a person: what happened and what to do next. */
export function problemPage(title: string, problem: string, advice: string, link?: PageLink): string {
  return plainPage(
    title,
    `<p class="problem" role="alert">${escapeMarkup(problem)}</p>
    <p>${escapeMarkup(advice)}</p>
    ${link ? `<p><a href="${escapeMarkup(link.href)}">${escapeMarkup(link.label)}</a></p>` : ''}`,
  );
}
