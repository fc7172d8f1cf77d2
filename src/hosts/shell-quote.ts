/**
 * A word for a POSIX shell line: left bare when it holds only characters no shell treats
 * specially, else single-quoted (a `'` inside becomes `'\''`). Setup's hook lines and the hooks'
 * suggested `curl` calls both quote with it.
 */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
