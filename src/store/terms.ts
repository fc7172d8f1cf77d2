/** Word handling shared by indexing and search: tokens, stopwords, identifier-like terms. */

const WORD = /[\p{L}\p{N}_]+/gu;
const NON_ASCII_RUN = /[^\x00-\x7f\s\p{P}\p{S}]{2,}/gu;

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
  // Plain title words are the porter index's job; the title's identifiers are ours.
  const titleWide = scanIdentifiers(title, seen);
  const bodyWide = scanIdentifiers(body, seen);
  if (titleWide) for (const t of title.match(NON_ASCII_RUN) ?? []) seen.add(t);
  if (bodyWide) for (const t of body.match(NON_ASCII_RUN) ?? []) seen.add(t);
  return [...seen].join(" ");
}

/**
 * One pass over char codes that slices out only identifier-like ASCII terms; true when the text
 * holds a non-ASCII character. A regex that materialised every word first spent most of its
 * time allocating strings for plain words, and a run of lower-case letters (most of prose) is
 * stepped over in a loop of its own.
 */
function scanIdentifiers(text: string, into: Set<string>): boolean {
  const n = text.length;
  let wide = false;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (!isTermStart(c)) {
      if (c > 127) wide = true;
      i++;
      continue;
    }
    const start = i;
    let letters = 0;
    let special = false; // joiner, digit or camelCase hump
    let prevLower = false;
    let joined = false; // a . / : @ # - seen, counting only once a word character follows it
    let digits = false;
    let lastWord = i; // end of the last character that may end a term ([A-Za-z0-9_$])
    for (; i < n; i++) {
      c = text.charCodeAt(i);
      if (c >= 97 && c <= 122) {
        // A run of lower-case letters: nothing in it but the count changes.
        const from = i;
        while (i + 1 < n) {
          const d = text.charCodeAt(i + 1);
          if (d < 97 || d > 122) break;
          i++;
        }
        letters += i + 1 - from;
        if (joined) special = true;
        prevLower = true;
        lastWord = i + 1;
        continue;
      }
      const upper = c >= 65 && c <= 90;
      if (upper || (c >= 48 && c <= 57) || c === 95 || c === 36) {
        if (upper) letters++;
        else {
          special = true;
          if (c <= 57 && c >= 48) digits = true;
        }
        if (upper && prevLower) special = true;
        if (joined) special = true;
        prevLower = false;
        lastWord = i + 1;
      } else if (c === 46 || c === 47 || c === 58 || c === 64 || c === 35 || c === 45) {
        joined = true;
        prevLower = false;
      } else break;
    }
    const len = lastWord - start;
    // Mostly digits (timestamps, sizes, ids) stay out, versions and advisory ids aside; so do plain short words.
    if (len >= 3 && letters * 2 >= len && (special || len >= 12)) into.add(text.slice(start, lastWord));
    else if (len >= 5 && joined && digits && isVersionLike(text.slice(start, lastWord))) into.add(text.slice(start, lastWord));
  }
  return wide;
}

/**
 * `2.30-3`, `4.2.0-1`, `7.88.1-10+deb12u5`'s head, `CVE-2018-6323`: a version or an id that people
 * search for whole, where the porter index sees only loose numbers. Dates and times are not.
 */
const VERSION = /^(?:\d+(?:\.\d+){2,}(?:-\w+)*|\d+(?:\.\d+)+-\w+(?:[.-]\w+)*|[A-Za-z]{2,}-\d{2,}(?:-\d+)+)$/;
const DATE = /^\d{4}-\d\d-\d\d/;

export function isVersionLike(t: string): boolean {
  // The date test first: it fails at once on most tokens and stops a log's timestamps before the longer one.
  return !DATE.test(t) && VERSION.test(t);
}

/**
 * A version as a query gives it: also of two parts (`debianutils 4.9`), with a Debian epoch
 * (`git 1:2.39.1-0.1`) or with `~` and `+` in it (`1.46.6~rc1-1.1`). The index keeps to
 * isVersionLike, as `3.14` in running text is seldom one.
 */
export function isTypedVersion(t: string): boolean {
  const bare = t.replace(/^\d+:(?=\d)/, "");
  return isVersionLike(bare) || TYPED_VERSION.test(bare) || LETTERED_VERSION.test(bare);
}

/** Two parts or more, a Debian pre-release or suffix after `~` or `+` (`1.46.6~rc1-1.1`, `3.80+3.81.b3.1-1`). */
const TYPED_VERSION = /^\d+(?:\.\d+)+(?:[~+.][0-9A-Za-z]+)*(?:-[0-9A-Za-z.+~]+)?$/;
/** Letters right after a version's digits (`2022g-4`, `9.2p1-2`, `1.1.1w`): with a revision or a dot. */
const LETTERED_VERSION = /^\d+[a-z]+\d*-\d[0-9A-Za-z.+~]*$|^\d+(?:\.\d+)+[a-z]+\d*(?:-[0-9A-Za-z.+~]+)?$/;

function isTermStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/** camelCase, snake_case, dotted/pathy, letters with digits, non-ASCII or long: worth a trigram lookup. */
export function isIdentifierLike(t: string): boolean {
  if (isVersionLike(t)) return true;
  let letters = 0;
  let digits = 0;
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
    } else if (c >= 48 && c <= 57) digits++;
    else joiner = true; // _ . / : @ # - $
  }
  // Mostly digits (timestamps, ids, sizes): no. Joiners do not count: `js-yaml-4.3.1.t` is a name.
  if (letters < digits || letters === 0) return false;
  return camel || joiner || t.length >= 12 || letters < t.length;
}

/** A name rather than a word: identifier-like, and not a word of letters alone (`dependencies`, `ustomization`). */
export function isName(t: string): boolean {
  return isIdentifierLike(t) && !/^[A-Za-z][a-z]+$/.test(t);
}

/** `s` with the characters a regular expression reads specially escaped. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
