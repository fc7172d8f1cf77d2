import type { LanguageId } from "./languages.ts";
import { BUN_CONFIG_NAME, JS_PRELOAD_NAME } from "./runtimes.ts";

/** The script text plus helper files (name -> content) written beside it in the run's temp dir. */
interface PreparedScript {
  source: string;
  support: Record<string, string>;
}

/**
 * Turns user code into a runnable script. Go code without a `package` clause is wrapped in
 * `package main` + `func main()`, Rust code without `fn main` is wrapped in one, PHP gets `<?php`
 * when it has none. With `withFile`, the script also gets a `FILE_CONTENT` variable read from
 * `$FILE_PATH` (JS, TS, Python, shell, Ruby, PHP, Perl, R; other languages read FILE_PATH themselves).
 */
export function prepareScript(language: LanguageId, code: string, withFile: boolean): PreparedScript {
  switch (language) {
    case "javascript":
    case "typescript":
      // A preload keeps the user's line numbers intact and works for both CommonJS and ESM code.
      return { source: code, support: { [JS_PRELOAD_NAME]: jsPreload(withFile), [BUN_CONFIG_NAME]: "" } };
    case "go":
      return { source: wrapGo(code), support: {} };
    case "rust":
      return { source: /\bfn\s+main\s*\(/.test(code) ? code : `fn main() {\n${code}\n}\n`, support: {} };
    case "php":
      return { source: preparePhp(code, withFile), support: {} };
    default: {
      const loader = withFile ? FILE_LOADERS[language] : undefined;
      return { source: loader ? `${loader}\n${code}` : code, support: {} };
    }
  }
}

function jsPreload(withFile: boolean): string {
  // BUN_BE_BUN must not leak to grandchildren: a script that runs `ctxmode …` would start Bun instead.
  const lines = ["delete process.env.BUN_BE_BUN;"];
  if (withFile) {
    lines.push('globalThis.FILE_CONTENT = require("node:fs").readFileSync(process.env.FILE_PATH, "utf8");');
  }
  return `${lines.join("\n")}\n`;
}

/** One-line loaders prepended to the script; each reads $FILE_PATH as UTF-8 text. */
const FILE_LOADERS: Partial<Record<LanguageId, string>> = {
  python: 'FILE_CONTENT = open(__import__("os").environ["FILE_PATH"], encoding="utf-8", errors="replace").read()',
  shell: 'FILE_CONTENT=$(cat "$FILE_PATH")',
  ruby: 'FILE_CONTENT = File.read(ENV.fetch("FILE_PATH"), encoding: "UTF-8")',
  perl: 'our $FILE_CONTENT = do { local $/; open(my $ctxmode_fh, "<:encoding(UTF-8)", $ENV{FILE_PATH}) or die "cannot read $ENV{FILE_PATH}: $!"; <$ctxmode_fh> };',
  r: 'FILE_CONTENT <- paste(readLines(Sys.getenv("FILE_PATH"), warn = FALSE, encoding = "UTF-8"), collapse = "\\n")',
};

function wrapGo(code: string): string {
  if (/^\s*package\s/m.test(code)) return code;
  // Go rejects unused imports, so fmt is imported only when the code uses it.
  const imports = /(?<![\w.])fmt\./.test(code) ? 'import "fmt"\n\n' : "";
  return `package main\n\n${imports}func main() {\n${code}\n}\n`;
}

function preparePhp(code: string, withFile: boolean): string {
  const body = code.includes("<?php") || code.trimStart().startsWith("<?=") ? code : `<?php\n${code}`;
  if (!withFile) return body;
  // A closed PHP block swallows the newline after `?>`, so the prelude adds no output.
  return `<?php $FILE_CONTENT = file_get_contents(getenv("FILE_PATH")); ?>\n${body}`;
}
