/** Word handling shared by indexing and search: tokens, stopwords, identifier-like terms. */

const WORD = /[\p{L}\p{N}_]+/gu;
// ASCII runs of letters, digits and the joiners that make identifiers, paths and URLs one term.
const ASCII_TERM = /[A-Za-z0-9_$][\w$.\/:@#-]*[\w$]/g;
const NON_ASCII_RUN = /[^\x00-\x7f\s\p{P}\p{S}]{2,}/gu;
const HAS_NON_ASCII = /[^\x00-\x7f]/;

export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again all also am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers him his how " +
    "i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own " +
    "same she should so some such than that the their theirs them then there these they this those through to too under " +
    "until up very was we were what when where which while who whom why will with would you your yours"
  ).split(" "),
);

/** Lower-cased word tokens (letters, digits, underscore), the way unicode61 sees them. */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * Terms worth a trigram entry: identifiers (camelCase, snake_case, letters mixed with digits),
 * paths, URLs, dotted names, long words, and non-Latin runs (CJK has no spaces for unicode61 to
 * split on, so only trigrams find a word inside a run). Numbers and timestamps are left to the
 * porter index: they are most of a log's bytes and nobody searches them by substring.
 */
export function gramTerms(title: string, body: string): string {
  const seen = new Set<string>();
  for (const t of body.match(ASCII_TERM) ?? []) if (!seen.has(t) && isIdentifierLike(t)) seen.add(t);
  if (HAS_NON_ASCII.test(body)) for (const t of body.match(NON_ASCII_RUN) ?? []) seen.add(t);
  return seen.size ? `${title}\n${[...seen].join(" ")}` : title;
}

/** camelCase, snake_case, dotted/pathy, letters with digits, non-ASCII or long: worth a trigram lookup. */
export function isIdentifierLike(t: string): boolean {
  let letters = 0;
  let joiner = false;
  let camel = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) {
      letters++;
      if (c <= 90 && i > 0) {
        const p = t.charCodeAt(i - 1);
        if (p >= 97 && p <= 122) camel = true;
      }
    } else if (c < 48 || c > 57) joiner = true; // _ . / : @ # - $
  }
  // Mostly digits (timestamps, ids, sizes): no.
  if (letters * 2 < t.length) return false;
  return camel || joiner || t.length >= 12 || letters < t.length;
}
