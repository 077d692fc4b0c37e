import { initialScore, SCORED_AS_PARAGRAPH } from './article-hints';
import type { PageElement } from './page-element';

const MIN_PARAGRAPH_LENGTH = 25;
const SCORED_ANCESTOR_LEVELS = 5;
const SUMMARY_MATCH_BONUS = 25;
const SUMMARY_PROBE_LENGTH = 60;

/**
 * Readability's paragraph scoring, applied as each paragraph closes: a paragraph's worth (commas,
 * length) flows into its five nearest ancestors, which become candidates. A paragraph that repeats the
 * feed's own summary is worth more: the article is where the summary came from.
 */
export class ParagraphScorer {
  readonly candidates: PageElement[] = [];
  private readonly summaryProbe?: string;

  constructor(
    summaryText?: string,
    private readonly weighClasses = true,
  ) {
    const normalized = summaryText ? normalize(summaryText) : '';
    if (normalized.length >= MIN_PARAGRAPH_LENGTH)
      this.summaryProbe = normalized.slice(0, SUMMARY_PROBE_LENGTH);
  }

  needsText(tagName: string): boolean {
    return tagName === 'p';
  }

  onElementClosed(element: PageElement): void {
    if (isScoredAsParagraph(element)) {
      this.scoreParagraph(element, element.parent, element.textLength, element.commaCount);
      if (
        element.text !== undefined &&
        this.summaryProbe &&
        normalize(element.text).includes(this.summaryProbe)
      ) {
        this.addToAncestors(element.parent, SUMMARY_MATCH_BONUS);
      }
    } else if (element.directTextLength >= MIN_PARAGRAPH_LENGTH && element.tagName === 'div') {
      // Readability wraps loose text inside a div into a paragraph of that div.
      this.scoreParagraph(element, element, element.directTextLength, element.directCommaCount);
    }
  }

  private scoreParagraph(
    paragraph: PageElement,
    firstAncestor: PageElement | undefined,
    length: number,
    commas: number,
  ) {
    if (length < MIN_PARAGRAPH_LENGTH || !firstAncestor || paragraph.isPruned) return;
    this.addToAncestors(firstAncestor, 1 + commas + Math.min(Math.floor(length / 100), 3));
  }

  private addToAncestors(firstAncestor: PageElement | undefined, score: number): void {
    let ancestor = firstAncestor;
    for (let level = 0; ancestor && ancestor.tagName !== '#root' && level < SCORED_ANCESTOR_LEVELS; level++) {
      if (ancestor.contentScore === undefined) {
        ancestor.contentScore = initialScore(
          ancestor.tagName,
          ancestor.className,
          ancestor.id,
          this.weighClasses,
        );
        this.candidates.push(ancestor);
      }
      ancestor.contentScore += score / (level === 0 ? 1 : level === 1 ? 2 : level * 3);
      ancestor = ancestor.parent;
    }
  }
}

function isScoredAsParagraph(element: PageElement): boolean {
  if (SCORED_AS_PARAGRAPH.has(element.tagName)) return true;
  return element.tagName === 'div' && !element.hasBlockChild;
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
