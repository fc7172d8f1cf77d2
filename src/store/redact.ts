/** What every secret is replaced with. */
const REDACTED = "[REDACTED]";

/**
 * Token shapes recognised on their own, wherever they appear. Every pattern is a fixed prefix
 * followed by one character class (no nested quantifiers), so matching is linear.
 */
const TOKENS: readonly RegExp[] = [
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, // AWS access key id
  /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g, // GitHub fine-grained PAT
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\b[rs]k_(?:live|test)_[A-Za-z0-9]{10,}/g, // Stripe
  /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, // Google API key
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, // JWT
  /\bnpm_[A-Za-z0-9]{36}\b/g, // npm
];

/** `sk-…` keys (OpenAI, Anthropic `sk-ant-…`); a digit is required so slugs like `sk-learn-…` survive. */
const SK_KEY = /\bsk-[A-Za-z0-9_-]{20,}/g;
const AUTH_HEADER = /\b(authorization["']?[ \t]*[:=][ \t]*["']?)((?:bearer|basic|token|digest|negotiate)[ \t]+)?[^\s"',;]+/gi;
const BEARER = /\b(Bearer[ \t]+)[A-Za-z0-9._~+/-]{16,}=*/g;
/**
 * `scheme://user:password@`. Matching starts at the `://` (found by a fast literal scan) and looks
 * back for the scheme, instead of trying a scheme at every word of the text (a quarter of the
 * time redaction took on 10 MB of logs and docs).
 */
const URL_PASSWORD = /(?<=\b[a-z][a-z0-9+.-]{1,20})(:\/\/[^\s:/@]{1,200}:)[^\s@/]{1,200}@/gi;
const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;

/**
 * `"key": "value"` / `'key' => 'value'`, double- or single-quoted. Values use the unrolled
 * `[^"\\]*(?:\\.[^"\\]*)*` form so an escape-heavy or unterminated value cannot backtrack.
 */
const QUOTED_FIELDS: readonly RegExp[] = [
  /"([A-Za-z0-9_.\- ]{1,64})"([ \t]*(?:=>|[:=])[ \t]*)"([^"\\\n]*(?:\\.[^"\\\n]*)*)"/g,
  /'([A-Za-z0-9_.\- ]{1,64})'([ \t]*(?:=>|[:=])[ \t]*)'([^'\\\n]*(?:\\.[^'\\\n]*)*)'/g,
];
/**
 * `KEY=value`, `export KEY="value"`, `key: value` (YAML; the colon needs a blank after it, so
 * `https://…` is no key), `key = value` (INI/TOML), `?token=…&`. An unquoted value ends at the
 * next `=` (base64 padding kept), so `note=DB_PASSWORD=x` is two assignments and rescanning stays linear.
 */
const ASSIGNMENT =
  /(^|[\s;,{(&?=:])((?:export[ \t]+)?[A-Za-z_][A-Za-z0-9_.-]{0,63})([ \t]*(?:=>?|:[ \t])[ \t]*)("[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\n]*'|[^\s"'`,;&)}=]+=*)/gm;
/** `--token value`, `--password=value`, `-api-key value` on a command line. */
const FLAG = /(^|[\s;&|(])(--?[A-Za-z][A-Za-z0-9_-]{0,63})([ \t]+|=)("[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\n]*'|[^\s"'`;&|)-][^\s"'`;&|)]*)/g;
/** Cheap filter before the word analysis of isSecretKey: most keys fail it at once. */
const KEY_HINT = /pass|secret|token|key|auth/i;
/** KEY_HINT, every occurrence: a field, key or flag the field passes redact sits on a line holding one. */
const KEY_HINTS = /pass|secret|token|key|auth/gi;

const STRONG_WORDS = ["password", "passwd", "passphrase", "secret", "apikey", "accesskey", "privatekey"];
const KEY_PAIRS = new Set(["api key", "access key", "private key", "client secret"]);

/**
 * Replaces secrets with `[REDACTED]`: private key blocks, cloud/API tokens (AWS, GitHub, Slack,
 * Stripe, OpenAI/Anthropic, Google, npm, JWT), Authorization/Bearer values, URL passwords, and
 * the values of fields whose key names a secret (password, secret, token, api_key, access_key,
 * private_key, client_secret …) in JSON, env, YAML and INI form and of command-line flags that
 * name one (`--token X`, `--password=X`). Values that cannot be secrets
 * stay: numbers (`"token_count": 5`, `MAX_TOKEN=4096`), booleans, null, `$VAR` references,
 * function calls (`token = getToken()`) and already-redacted text. Linear time; run it before
 * text is indexed or journaled.
 */
export function redactSecrets(text: string): string {
  if (!text) return text;
  let out = redactPemBlocks(text);
  for (const pattern of TOKENS) out = out.replace(pattern, REDACTED);
  out = out.replace(SK_KEY, (m) => (/\d/.test(m) ? REDACTED : m));
  out = out.replace(AUTH_HEADER, (_m, head: string, scheme = "") => `${head}${scheme}${REDACTED}`);
  out = out.replace(BEARER, (_m, head: string) => `${head}${REDACTED}`);
  out = out.replace(URL_PASSWORD, (_m, head: string) => `${head}${REDACTED}@`);
  // Every field, key and flag the passes below redact names a secret, and none spans lines: only
  // the lines holding a hint word are scanned (the assignment pattern matches at every `word=`,
  // half of redaction's time when it ran over all of the text).
  let result = "";
  let last = 0;
  for (const [from, to] of hintLines(out)) {
    result += out.slice(last, from) + redactFields(out.slice(from, to));
    last = to;
  }
  return last === 0 ? out : result + out.slice(last);
}

/** The field, assignment and flag passes, in that order, over text that starts at a line start. */
function redactFields(text: string): string {
  let out = text;
  for (const pattern of QUOTED_FIELDS) {
    out = out.replace(pattern, (m, key: string, sep: string, value: string, offset: number, all: string) => {
      if (!isSecretKey(key) || keepValue(value, all[offset + m.length])) return m;
      const q = m[0];
      return `${q}${key}${q}${sep}${q}${REDACTED}${q}`;
    });
  }
  out = redactAssignments(out, ASSIGNMENT, (key) => isSecretKey(key.replace(/^export[ \t]+/, "")));
  return redactAssignments(out, FLAG, isSecretFlag, (value) => /^[a-z]{1,12}$/.test(value));
}

/** The runs of whole lines (start, end before the newline) holding a hint word, in order; neighbouring lines are one run. */
function hintLines(text: string): [number, number][] {
  const runs: [number, number][] = [];
  KEY_HINTS.lastIndex = 0;
  for (let m = KEY_HINTS.exec(text); m; m = KEY_HINTS.exec(text)) {
    const from = text.lastIndexOf("\n", m.index) + 1;
    let to = text.indexOf("\n", m.index);
    if (to < 0) to = text.length;
    const prev = runs[runs.length - 1];
    if (prev && from <= prev[1] + 1) prev[1] = to;
    else runs.push([from, to]);
    KEY_HINTS.lastIndex = to;
  }
  return runs;
}

/**
 * Replaces the values of `pattern`'s matches (lead, key, separator, value) whose key `secret`
 * accepts and that are not `plain` (a word of prose after a flag). After a key that is not secret, scanning resumes right after its separator, so the
 * value is scanned too: in `note: DB_PASSWORD=x` the value `DB_PASSWORD=x` is itself an assignment.
 */
function redactAssignments(text: string, pattern: RegExp, secret: (key: string) => boolean, plain?: (value: string) => boolean): string {
  pattern.lastIndex = 0;
  let out = "";
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const [whole, lead, key, sep, value] = m as unknown as [string, string, string, string, string];
    const quote = value[0] === '"' || value[0] === "'" ? value[0] : "";
    const inner = quote ? value.slice(1, -1) : value;
    const valueAt = m.index + lead.length + key.length + sep.length;
    if (!secret(key) || keepValue(inner, text[m.index + whole.length]) || plain?.(inner)) {
      // Resume at the separator, whose blank (or `=`/`:`) may lead the next assignment.
      pattern.lastIndex = m.index + lead.length + key.length;
      continue;
    }
    out += `${text.slice(last, valueAt)}${quote}${REDACTED}${quote}`;
    last = m.index + whole.length;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** A command-line flag naming a secret (`--token X`, `--password=X`, `--api-key X`), not one naming where it is (`--password-file`). */
function isSecretFlag(flag: string): boolean {
  const name = flag.replace(/^-+/, "");
  return isSecretKey(name) && !/[-_](?:file|path|dir|env|length|count|size|min|max|id)$/i.test(name);
}

/** Removes `-----BEGIN … PRIVATE KEY-----` through its END line; a block with no END runs to the end. */
function redactPemBlocks(text: string): string {
  PEM_BEGIN.lastIndex = 0;
  let out = "";
  let last = 0;
  for (let m = PEM_BEGIN.exec(text); m; m = PEM_BEGIN.exec(text)) {
    const end = text.indexOf("-----END ", PEM_BEGIN.lastIndex);
    const close = end < 0 ? -1 : text.indexOf("-----", end + 9);
    const stop = close < 0 ? text.length : close + 5;
    out += text.slice(last, m.index) + REDACTED;
    last = stop;
    PEM_BEGIN.lastIndex = stop;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** True when a key names a secret: `DB_PASSWORD`, `apiKey`, `x-api-key`, `access_token`, not `tokenizer`. */
export function isSecretKey(key: string): boolean {
  if (!KEY_HINT.test(key)) return false;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (STRONG_WORDS.some((strong) => word.includes(strong))) return true;
    if (word === "auth" || word.endsWith("token")) return true;
    if (i > 0 && KEY_PAIRS.has(`${words[i - 1]} ${word}`)) return true;
  }
  return false;
}

function keepValue(value: string, nextChar: string | undefined): boolean {
  if (value === "" || value === REDACTED || nextChar === "(") return true;
  // A call such as `getToken()` or `os.getenv(` names where the secret comes from, not the secret.
  if (/^[A-Za-z_$][\w$.]*\(/.test(value)) return true;
  if (/^[-+]?\d+(?:[.,_]\d+)*$/.test(value)) return true;
  if (/^(?:true|false|null|nil|none|undefined|yes|no)$/i.test(value)) return true;
  // A type annotation (`secret: string`, `password: Option<String>`) names a type, not a value.
  if (/^(?:string|number|boolean|bigint|any|unknown|str|bytes|int|String|Option<String>|Secret(?:String)?)[;,]?$/.test(value)) return true;
  return value.startsWith("$") || /^\*+$/.test(value);
}
