import { describe, expect, test } from "bun:test";
import { isSecretKey, redactSecrets } from "../../src/store/redact.ts";
import { growth } from "../helpers/growth.ts";

const R = "[REDACTED]";
// Built from parts so the fixtures do not look like live tokens to scanners.
const fake = (prefix: string, body: string) => prefix + body;

describe("redactSecrets: secret shapes", () => {
  const table: [string, string, string][] = [
    ["PEM private key", "a\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabc==\n-----END RSA PRIVATE KEY-----\nb", `a\n${R}\nb`],
    ["PEM OpenSSH key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----", R],
    ["PEM in JSON", '{"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n"}', `{"private_key": "${R}"}`],
    ["PEM cut off", "x -----BEGIN EC PRIVATE KEY-----\nMHcCAQEE", `x ${R}`],
    ["AWS key id", "id AKIAIOSFODNN7EXAMPLE end", `id ${R} end`],
    ["AWS session key id", "ASIAY34FZKBOKMUTVV7A", R],
    ["AWS secret (INI)", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", `aws_secret_access_key = ${R}`],
    ["GitHub classic", fake("ghp_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"), R],
    ["GitHub oauth", fake("gho_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"), R],
    ["GitHub user", fake("ghu_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"), R],
    ["GitHub server", fake("ghs_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"), R],
    ["GitHub refresh", fake("ghr_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"), R],
    ["GitHub PAT", fake("github_pat_", "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"), R],
    ["Slack", fake("xoxb-", "123456789012-abcdefghijkl"), R],
    ["Slack user", fake("xoxp-", "123456789012-abcdefghijkl"), R],
    ["Stripe live", fake("sk_live_", "4eC39HqLyjWDarjtT1zdp7dc"), R],
    ["Stripe restricted", fake("rk_live_", "4eC39HqLyjWDarjtT1zdp7dc"), R],
    ["OpenAI", fake("sk-proj-", "abc123def456ghi789jkl012mno345"), R],
    ["Anthropic", fake("sk-ant-api03-", "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe"), R],
    ["Google API key", fake("AIza", "SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"), R],
    ["JWT", "t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U;", `t=${R};`],
    ["npm", fake("npm_", "abcdefghijklmnopqrstuvwxyz0123456789"), R],
    ["Authorization Bearer", "Authorization: Bearer abc.def-ghi_jkl", `Authorization: Bearer ${R}`],
    ["Authorization Basic in curl", 'curl -H "authorization: Basic dXNlcjpwYXNz" x', `curl -H "authorization: Basic ${R}" x`],
    ["bare Bearer", "token is Bearer 0123456789abcdefghij", `token is Bearer ${R}`],
    ["URL password", "postgres://admin:s3cr3t@db:5432/app", `postgres://admin:${R}@db:5432/app`],
    ["JSON password", '{"password": "hunter2", "user": "bob"}', `{"password": "${R}", "user": "bob"}`],
    ["JSON camelCase key", '{"apiKey":"abc-123"}', `{"apiKey":"${R}"}`],
    ["JSON escaped quote", '{"client_secret": "a\\"b", "x": 1}', `{"client_secret": "${R}", "x": 1}`],
    ["single-quoted dict", "{'access_token': 'zzz'}", `{'access_token': '${R}'}`],
    ["env line", "DB_PASSWORD=xyz", `DB_PASSWORD=${R}`],
    ["export quoted", "export API_KEY='abc123'", `export API_KEY='${R}'`],
    ["YAML", "password: hunter2\nusername: bob", `password: ${R}\nusername: bob`],
    ["YAML private_key", "  private_key: abcdef", `  private_key: ${R}`],
    ["TOML", 'secret = "s3"', `secret = "${R}"`],
    ["query string", "GET /api?api_key=XYZ123&page=2", `GET /api?api_key=${R}&page=2`],
    ["passwd", "passwd=abc", `passwd=${R}`],
    ["PHP array", "'db_password' => 'pw1'", `'db_password' => '${R}'`],
    ["assignment as another key's value", "note: DB_PASSWORD=s3cr3t9", `note: DB_PASSWORD=${R}`],
    ["assignment after a non-secret assignment", "a=password=x9y8", `a=password=${R}`],
    ["flag, space", "deploy --token abc123xyz", `deploy --token ${R}`],
    ["flag, equals", "mysql --password=hunter2 db", `mysql --password=${R} db`],
    ["flag, quoted", 'run --client-secret "a b 9" --x', `run --client-secret "${R}" --x`],
  ];
  test.each(table)("%s", (_name, input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });
});

describe("redactSecrets: non-secrets stay", () => {
  const untouched = [
    '{"token_count": 5, "max_tokens": 1000, "tokenizer": "cl100k"}',
    '{"max_tokens": "4096"}',
    "MAX_TOKEN=4096",
    "PASSWORD_MIN_LENGTH: 12",
    "password_required: true",
    "auth: null",
    "token = get_token()",
    "API_KEY=$API_KEY",
    "password: ${{ secrets.DB }}",
    "PATH=/usr/bin:/bin",
    "https://example.com/a:b",
    "-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
    "sk-learn-is-a-python-library-name",
    "the Bearer token goes in the header",
    "AKIA is the prefix of AWS key ids",
    "git commit -m 'rotate secret handling'",
    "user: bob\nhost: db.local",
    "mysql --password-file /etc/mysql/pw",
    'git commit -m "add --token support"',
    "gh api --token-count 5",
    "",
  ];
  test.each(untouched)("%p", (input) => {
    expect(redactSecrets(input)).toBe(input);
  });

  test("redaction is idempotent", () => {
    const once = redactSecrets('DB_PASSWORD=x {"token": "t"} Authorization: Bearer abcdefghijklmnop');
    expect(redactSecrets(once)).toBe(once);
  });
});

describe("isSecretKey", () => {
  test.each([
    ["DB_PASSWORD", true],
    ["apiKey", true],
    ["x-api-key", true],
    ["access_token", true],
    ["githubToken", true],
    ["client_secret", true],
    ["AWS_ACCESS_KEY_ID", true],
    ["private_key", true],
    ["passphrase", true],
    ["auth", true],
    ["tokenizer", false],
    ["max_tokens", false],
    ["keyboard", false],
    ["monkey", false],
    ["username", false],
    ["PWD", false],
  ] as [string, boolean][])("%p -> %p", (key, expected) => {
    expect(isSecretKey(key)).toBe(expected);
  });
});

describe("redactSecrets: linear time", () => {
  // Each input is a unit repeated n times; 4x the input may cost at most 6x the time. n starts at
  // 1,000 and doubles until a run takes 2 ms (see growth).
  const inputs: [string, (n: number) => string, number][] = [
    ["letters", (n) => "a".repeat(n), 1_000],
    ["blanks", (n) => " ".repeat(n), 1_000],
    ["quotes", (n) => '"'.repeat(n), 1_000],
    ["dense JSON pairs", (n) => '"a":"'.repeat(n), 1_000],
    // Measured: 0.5 ms at 128 K backslashes, ~110 ms at 200 K, ~500 ms from 1 M on (the regex engine
    // changes mode between 128 K and 200 K); the ratio is taken above that step.
    ["unterminated escaped value", (n) => `"password": "${"\\".repeat(n)}`, 1_000_000],
    ["PEM headers without end", (n) => "-----BEGIN PRIVATE KEY-----".repeat(n), 1_000],
    ["JWT prefixes", (n) => "eyJ".repeat(n), 1_000],
    ["assignments", (n) => "k=".repeat(n), 1_000],
    ["mixed log", (n) => 'GET /x?page=2 200 {"user": "bob", "n": 5} password=abc AKIAIOSFODNN7EXAMPLE\n'.repeat(n), 1_000],
  ];
  test.each(inputs)(
    "%s: 4x the input costs at most 6x the time",
    (_name, make, n) => {
      expect(growth(make, (input) => redactSecrets(input), n)).toBeLessThan(6);
    },
    60_000,
  );
});

test("type annotations are not values: code keeps `secret: string`", () => {
  const code = "interface Config {\n  secret: string;\n  apiKey: string,\n  password: Option<String>,\n}\nconst cfg = { secret: 'hunter2-real' };\n";
  const out = redactSecrets(code);
  expect(out).toContain("secret: string;");
  expect(out).toContain("apiKey: string,");
  expect(out).toContain("password: Option<String>,");
  expect(out).not.toContain("hunter2-real");
});

test("fields are found on every line that names a secret: the first, the last without a newline, neighbours, CRLF", () => {
  const text = [
    "password=first-line-secret",
    "plain line with nothing",
    'x = 1; "api_key": "json-key-value"',
    "export DB_TOKEN=neighbour-secret",
    "deploy --token flag-secret-value\r",
    "more plain words\r",
    "client_secret: yaml-secret-value",
  ].join("\n");
  const out = redactSecrets(text);
  for (const secret of ["first-line-secret", "json-key-value", "neighbour-secret", "flag-secret-value", "yaml-secret-value"]) {
    expect(out).not.toContain(secret);
  }
  expect(out).toContain("plain line with nothing\nx = 1;");
  expect(out).toContain("more plain words\r\nclient_secret: [REDACTED]");
  expect(out.split("\n")).toHaveLength(7);
});
