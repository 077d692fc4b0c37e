/** Images in an email: no trackers, nothing wider than the column. */

const EMAIL_COLUMN_WIDTH = 600;
export const FLUID_IMAGE_STYLE = 'max-width:100%;height:auto';

const TRACKER_PATTERNS: readonly RegExp[] = [
  /^https?:\/\/feeds\.feedburner\.com\/~(ff|r)\//i,
  /^https?:\/\/[^/]*feedburner\.com\/~r\//i,
  /^https?:\/\/pixel\.wp\.com\//i,
  /^https?:\/\/stats\.wordpress\.com\//i,
  /^https?:\/\/[^/]*doubleclick\.net\//i,
  /^https?:\/\/[^/]*google-analytics\.com\//i,
  /^https?:\/\/feeds\.feedblitz\.com\//i,
  /^https?:\/\/[^/]*\.feedsportal\.com\//i,
  /^https?:\/\/[^/]*pheedo\.com\//i,
  /^https?:\/\/[^/]*quantserve\.com\//i,
  /^https?:\/\/[^/]*scorecardresearch\.com\//i,
  /^https?:\/\/[^/]*facebook\.com\/tr[/?]/i,
  /^https?:\/\/www\.assoc-amazon\.com\//i,
];

export function isTrackerImage(url: string, width: string | undefined, height: string | undefined): boolean {
  if (isAtMostOnePixel(width) || isAtMostOnePixel(height)) return true;
  return TRACKER_PATTERNS.some((pattern) => pattern.test(url));
}

/** Width and height attributes scaled so the image fits the email column, keeping its proportions. */
export function fitToColumn(
  width: string | undefined,
  height: string | undefined,
): { width?: string; height?: string } {
  const pixelWidth = parsePixels(width);
  const pixelHeight = parsePixels(height);
  if (pixelWidth === undefined) return {};
  if (pixelWidth <= EMAIL_COLUMN_WIDTH) {
    return { width: String(pixelWidth), height: pixelHeight === undefined ? undefined : String(pixelHeight) };
  }
  const scaledHeight =
    pixelHeight === undefined
      ? undefined
      : String(Math.round((pixelHeight * EMAIL_COLUMN_WIDTH) / pixelWidth));
  return { width: String(EMAIL_COLUMN_WIDTH), height: scaledHeight };
}

function isAtMostOnePixel(value: string | undefined): boolean {
  const pixels = parsePixels(value);
  return pixels !== undefined && pixels <= 1;
}

function parsePixels(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(value)) return undefined;
  return Math.round(parseFloat(value));
}
