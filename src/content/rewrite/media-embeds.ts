/** What an email shows instead of things mail clients cannot play: iframes, video and audio. */
import { escapeMarkup } from '../../common/escape-markup';
import { FLUID_IMAGE_STYLE } from './image-rules';

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/** Replacement HTML for an iframe whose (already safe, absolute) source is `src`. */
export function renderIframeReplacement(src: string): string {
  const url = new URL(src);
  const youtubeId = youtubeVideoId(url);
  if (youtubeId) {
    const watchUrl = `https://www.youtube.com/watch?v=${youtubeId}`;
    const thumbnail = `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`;
    return (
      linkedImage(watchUrl, thumbnail, 'Play video on YouTube') +
      `<br>${link(watchUrl, '▶ Play video on YouTube')}`
    );
  }
  const vimeoId = /(^|\.)vimeo\.com$/.test(url.hostname) ? /\/(\d+)/.exec(url.pathname)?.[1] : undefined;
  if (vimeoId) return link(`https://vimeo.com/${vimeoId}`, '▶ Play video on Vimeo');
  return link(src, `Embedded content from ${url.hostname.replace(/^www\./, '')}`);
}

/** Fallback for a `video`/`audio` element that brought none: its poster linked to the media, or a link. */
export function renderMediaFallback(kind: 'video' | 'audio', mediaUrl?: string, posterUrl?: string): string {
  const target = mediaUrl ?? posterUrl;
  if (!target) return '';
  if (posterUrl) return linkedImage(target, posterUrl, `Play ${kind}`);
  return link(target, `▶ Play ${kind}`);
}

function youtubeVideoId(url: URL): string | undefined {
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let candidate: string | undefined;
  if (host === 'youtu.be') candidate = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    candidate =
      /^\/(embed|v|shorts)\/([^/?#]+)/.exec(url.pathname)?.[2] ?? url.searchParams.get('v') ?? undefined;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : undefined;
}

function linkedImage(href: string, src: string, alt: string): string {
  return (
    `<a href="${escapeMarkup(href)}"><img src="${escapeMarkup(src)}" alt="${escapeMarkup(alt)}"` +
    ` width="480" style="${FLUID_IMAGE_STYLE}"></a>`
  );
}

function link(href: string, text: string): string {
  return `<a href="${escapeMarkup(href)}">${escapeMarkup(text)}</a>`;
}
