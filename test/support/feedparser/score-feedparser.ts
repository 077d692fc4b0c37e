import type { NormalizedFeed } from '../../../src/entries/domain/normalized-entry';
import { FOLDERS, type FeedparserCase, type Folder } from './feedparser-cases';
import { translateExpectation } from './translate-expectation';

/** A parser under test, given what a fetcher has: the bytes, the URL they came from, their Content-Type. */
export type CaseParser = (source: FeedparserCase) => Promise<NormalizedFeed>;

export interface CaseResult {
  path: string;
  folder: Folder;
  /** The expectation concerns at least one field Tidings keeps. */
  isKept: boolean;
  passed: boolean;
  /** How the parser ended: a feed, a refusal with its reason, or a crash (any other error). */
  outcome: 'parsed' | 'refused' | 'crashed';
  reason?: string;
  failedChecks: string[];
}

export interface FolderScore {
  folder: Folder;
  cases: number;
  kept: number;
  keptPassed: number;
  /** Cases about other fields that parsed or were refused with a reason, as they should be. */
  otherPassed: number;
  crashed: number;
}

/**
 * Runs one parser over every case. A kept case passes when the parser returns a feed whose kept fields
 * all match; another case passes when the parser returns a feed, or (for a document feedparser itself
 * calls ill-formed) refuses it with a reason. `isRefusal` tells a refusal from a crash.
 */
export async function scoreParser(
  cases: FeedparserCase[],
  parse: CaseParser,
  isRefusal: (error: unknown) => boolean,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const source of cases) {
    const translation = translateExpectation(source);
    const isKept = translation.checks.length > 0;
    let feed: NormalizedFeed | null = null;
    let outcome: CaseResult['outcome'] = 'parsed';
    let reason: string | undefined;
    try {
      feed = await parse(source);
    } catch (error) {
      outcome = isRefusal(error) ? 'refused' : 'crashed';
      reason = error instanceof Error ? error.message : String(error);
    }
    const failedChecks = feed
      ? translation.checks
          .filter((check) => !safely(() => check.passes(feed, source)))
          .map((check) => check.description)
      : translation.checks.map((check) => check.description);
    const passed = isKept
      ? feed !== null && failedChecks.length === 0
      : outcome === 'parsed' || (outcome === 'refused' && !translation.mustParse);
    results.push({ path: source.path, folder: source.folder, isKept, passed, outcome, reason, failedChecks });
  }
  return results;
}

function safely(test: () => boolean): boolean {
  try {
    return test();
  } catch {
    return false;
  }
}

export function scoreByFolder(results: CaseResult[]): FolderScore[] {
  return FOLDERS.map((folder) => {
    const inFolder = results.filter((result) => result.folder === folder);
    const kept = inFolder.filter((result) => result.isKept);
    return {
      folder,
      cases: inFolder.length,
      kept: kept.length,
      keptPassed: kept.filter((result) => result.passed).length,
      otherPassed: inFolder.filter((result) => !result.isKept && result.passed).length,
      crashed: inFolder.filter((result) => result.outcome === 'crashed').length,
    };
  });
}

export function passRate(score: Pick<FolderScore, 'kept' | 'keptPassed'>): number {
  return score.kept === 0 ? 1 : score.keptPassed / score.kept;
}
