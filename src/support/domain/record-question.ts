import type { CommandLanguage } from '../../mail/email-models';
import { firstUnquotedLine, MAX_COMMAND_LINE, normalise } from './reply-command';

/**
 * The word a reader may reply with, alone on the first line of their own words, to ask what happened to
 * the latest posts of the feed an email came from (read as the reply commands are: case, accents and
 * closing punctuation do not matter, so "Why?", "¿Por qué?" and "Pourquoi ?" all ask).
 */
const QUESTION: Record<CommandLanguage, string[]> = {
  en: ['why', 'what happened'],
  fr: ['pourquoi'],
  de: ['warum', 'wieso'],
  es: ['por que', 'porque'],
};

const LANGUAGE_OF = new Map(
  (Object.entries(QUESTION) as Array<[CommandLanguage, string[]]>).flatMap(([language, words]) =>
    words.map((word) => [word, language] as const),
  ),
);

/** The language of the question a reply asks, or null when its first unquoted line is anything else. */
export function readRecordQuestion(text: string): { language: CommandLanguage } | null {
  const line = firstUnquotedLine(text);
  if (line === null || line.length > MAX_COMMAND_LINE) return null;
  const language = LANGUAGE_OF.get(normalise(line));
  return language ? { language } : null;
}
