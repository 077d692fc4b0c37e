import { endsAs, type PageElement } from './page-element';

/** Longer than this, a line says more than the name of what follows it. */
const MAX_LABEL_LENGTH = 50;

/**
 * A short line that names what follows it ("Inhaltsverzeichnis", "Related Coverage", "Temas") and does not
 * read as a sentence: when all that followed it in its block was left out, it names nothing left.
 */
export function isLabelLine(element: PageElement): boolean {
  if (element.textLength === 0 || element.textLength >= MAX_LABEL_LENGTH || element.imageCount > 0)
    return false;
  return !endsAs(element, 'sentence');
}
