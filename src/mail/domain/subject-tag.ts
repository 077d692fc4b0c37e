/**
 * A reader's tag for a feed (`Ars`) opens the subject of that feed's emails (`[Ars] Title`), for mail
 * filters and for the eye.
 */
export function taggedSubject(tag: string | null | undefined, subject: string): string {
  return tag ? `[${tag}] ${subject}` : subject;
}

/**
 * The tag of an email that mixes feeds (a digest): the one every section has, else none, since the
 * email is then no one feed's mail and a filter on one tag must not catch the others.
 */
export function sharedTag(tags: ReadonlyArray<string | null | undefined>): string | null {
  const first = tags[0] ?? null;
  return first !== null && tags.every((tag) => tag === first) ? first : null;
}
