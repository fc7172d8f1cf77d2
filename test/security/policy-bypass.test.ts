import { describe, expect, test } from "bun:test";
import { checkCommand, createPolicy } from "../../src/sandbox/policy.ts";
import { figure } from "../helpers/figures.ts";

/**
 * Crafted commands that try to run a denied command past the rules, each with a benign twin that
 * must not be denied. The rules are the user's own (Claude Code format); ctxmode applies them to
 * every shell command it runs. Each check must stay well under 50 ms, long inputs included.
 */
const policy = createPolicy({ deny: ["Bash(sudo:*)", "Bash(rm -rf:*)", "Bash(curl:*)"] }, { platform: "linux" });

const long = (unit: string, n: number) => unit.repeat(n);

/** [name, attack, benign twin] */
const TABLE: [string, string, string][] = [
  ["plain", "sudo id", "echo sudo id"],
  ["semicolon", "ls; sudo id", "ls; echo sudo"],
  ["and", "ls && sudo id", "ls && echo sudo"],
  ["or", "false || sudo id", "false || echo sudo"],
  ["pipe", "echo x | sudo tee /etc/x", "echo x | tee sudo.txt"],
  ["background", "sleep 1 & sudo id", "sleep 1 & echo sudo"],
  ["newline", "ls\nsudo id", "ls\necho sudo"],
  ["CRLF", "ls\r\nsudo id", "ls\r\necho sudo"],
  ["line continuation", "su\\\ndo id", "ec\\\nho sudo"],
  ["command substitution", "echo $(sudo id)", "echo '$(sudo id)'"],
  ["backticks", "echo `sudo id`", "echo '`sudo id`'"],
  ["substitution in double quotes", 'echo "$(sudo id)"', 'echo "\\$(sudo id)"'],
  ["nested substitutions", "echo $(echo $(echo $(sudo id)))", "echo $(echo $(echo sudo))"],
  ["subshell", "(sudo id)", "(echo sudo)"],
  ["group", "{ sudo id; }", "{ echo sudo; }"],
  ["group after an assignment", "x=1 { sudo id; }", "x=1 { echo sudo; }"],
  ["group after &&", "true && { sudo id; }", "true && { echo sudo; }"],
  ["nested groups", "{ { sudo id; }; }", "{ { echo sudo; }; }"],
  ["group on lines", "{\nsudo id\n}", "{\necho sudo\n}"],
  ["function keyword", "function f { sudo id; }; f", "function f { echo sudo; }; f"],
  ["function keyword and parens", "function f() { sudo id; }; f", "function f() { echo sudo; }; f"],
  ["function without keyword", "f() { sudo id; }; f", "f() { echo sudo; }; f"],
  ["function, blank before parens", "f () { sudo id; }; f", "f () { echo sudo; }; f"],
  ["function body on lines", "function f {\nsudo id\n}\nf", "function f {\necho sudo\n}\nf"],
  ["function, brace on its own line", "function f\n{\n  sudo id\n}", "function f\n{\n  echo sudo\n}"],
  ["function with tabs", "function\tf\t{\tsudo id; }", "function\tf\t{\techo sudo; }"],
  ["group inside a function", "function f { { true; sudo id; }; }", "function f { { true; echo sudo; }; }"],
  ["function inside a group", "{ function f { sudo id; }; f; }", "{ function f { echo sudo; }; f; }"],
  ["function in a substitution", "echo $(function f { sudo id; }; f)", "echo $(function f { echo sudo; }; f)"],
  ["process substitution", "cat <(sudo id)", "cat <(echo sudo)"],
  ["substitution as the command", "$(sudo id)", "$(echo id)"],
  ["env prefix", "env sudo id", "env echo sudo"],
  ["env with options", "env -i PATH=/usr/bin sudo id", "env -i PATH=/usr/bin echo sudo"],
  ["command prefix", "command sudo id", "command echo sudo"],
  ["exec prefix", "exec sudo id", "exec echo sudo"],
  ["exec -a", "exec -a name sudo id", "exec -a sudo echo id"],
  ["builtin chain", "builtin command sudo id", "builtin echo sudo"],
  ["wrapper chain", "nohup nice -n 5 timeout 10 sudo id", "nohup nice -n 5 timeout 10 echo sudo"],
  ["assignments", "FOO=1 BAR=2 sudo id", "FOO=sudo echo id"],
  ["absolute path", "/usr/bin/sudo id", "/usr/bin/echo sudo"],
  ["double quotes", '"sudo" id', 'echo "sudo" id'],
  ["single quotes", "'sudo' id", "echo 'sudo' id"],
  ["split quotes", "s\"u\"d'o' id", "echo s\"u\"d'o'"],
  ["backslash", "s\\udo id", "echo s\\udo"],
  ["ANSI-C quoting", "$'sudo' id", "echo $'sudo'"],
  ["ANSI-C hex escapes", "$'\\x73\\x75do' id", "echo $'\\x73udo'"],
  ["ANSI-C octal escapes", "$'\\163udo' id", "echo $'\\163udo'"],
  ["brace expansion", "{sudo,id}", "echo {sudo,id}"],
  ["IFS splitting", "sudo${IFS}id", "echo sudo${IFS}id"],
  ["bash -c", "bash -c 'sudo id'", "bash -c 'echo sudo'"],
  ["sh -c with separators", 'sh -c "ls; sudo id"', 'sh -c "ls; echo sudo"'],
  ["eval quoted", 'eval "sudo id"', 'eval "echo sudo"'],
  ["eval words", "eval sudo id", "eval echo sudo"],
  ["xargs", "echo id | xargs sudo", "echo id | xargs echo sudo"],
  ["find -exec", "find . -exec sudo id \\;", "find . -name sudo -print"],
  ["time keyword", "time sudo id", "time echo sudo"],
  ["negation", "! sudo id", "! echo sudo"],
  ["if", "if true; then sudo id; fi", "if true; then echo sudo; fi"],
  ["for loop", "for i in 1; do sudo id; done", "for sudo in 1; do echo $sudo; done"],
  ["while loop", "while sudo id; do :; done", "while false; do echo sudo; done"],
  ["case arm", "case x in x) sudo id;; esac", "case sudo in x) echo id;; esac"],
  ["coproc", "coproc sudo id", "coproc echo sudo"],
  ["setsid", "setsid sudo id", "setsid echo sudo"],
  ["here-doc into a shell", "bash <<EOF\nsudo id\nEOF", "cat <<EOF\necho sudo\nEOF"],
  // Found by the tree-sitter-bash oracle (test/sandbox/split-oracle.test.ts), each shrunk to its minimal case.
  ["redirection glued to the command", "sudo>/dev/null id", "echo>/dev/null sudo"],
  ["&> glued to the command", "sudo&>/dev/null id", "echo&>/dev/null sudo"],
  ["redirection before the command", ">/dev/null sudo id", ">/dev/null echo sudo"],
  ["descriptor redirection before the command", "2>&1 sudo id", "2>&1 echo sudo"],
  ["escaped > before &", "echo \\>& sudo id", "echo \\>& echo sudo"],
  [">| before the flags", "rm >|x -rf /", "rm >|x -r ./build"],
  ["apostrophe in a comment", "ls # it's\nsudo id", "ls # it's\necho sudo"],
  ["apostrophe in a here-doc body", "cat <<EOF\nit's\nEOF\nsudo id", "cat <<EOF\nit's\nEOF\necho sudo"],
  ["case arm in a substitution", "echo $(case x in x) sudo id;; esac)", "echo $(case x in x) echo sudo;; esac)"],
  ["tab separator", "sudo\tid", "echo\tsudo"],
  ["extra spaces", "   sudo     id   ", "   echo     sudo   "],
  ["bare name", "sudo", "sudoku"],
  ["rm -rf", "rm -rf /", "rm -r ./build"],
  ["rm -rf via env and path", "env /bin/rm -rf /", "env /bin/rm ./x"],
  ["curl quoted", 'c"ur"l https://example.com', "echo curl https://example.com"],
  ["curl through wrapper", "timeout -s KILL 5 curl https://example.com", "timeout -s KILL 5 echo curl"],
  ["fullwidth letters", "ｓｕｄｏ id", "echo ｓｕｄｏ"],
  ["zero-width space", "su\u200bdo id", "echo su\u200bdo"],
  ["no-break space", "sudo\u00a0id", "echo\u00a0sudo"],
  ["long prefix", `${long("a", 100_000)}; sudo id`, `${long("a", 100_000)}; echo sudo`],
  ["many separators", `${long("ls && ", 20_000)}sudo id`, `${long("ls && ", 20_000)}echo sudo`],
  ["deep substitutions", `${long("$(", 20_000)}sudo id`, `${long("$(", 20_000)}echo sudo`],
  ["unclosed quotes", `${long("'\"", 30_000)}\nsudo id`, `echo ${long("'\"", 30_000)}`],
  ["many backslashes", `${long("\\\\", 50_000)}; sudo id`, `echo ${long("\\\\", 50_000)}`],
  ["many wrappers", `${long("env ", 10_000)}sudo id`, `${long("env ", 10_000)}echo sudo`],
];

/** Median and max milliseconds of checkCommand on `command`, after a warm-up run. */
function timed(command: string): { decision: string; medianMs: number } {
  checkCommand(policy, command);
  const ms: number[] = [];
  let decision = "";
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    decision = checkCommand(policy, command).decision;
    ms.push(performance.now() - t);
  }
  return { decision, medianMs: ms.sort((a, b) => a - b)[2]! };
}

describe("policy bypass attempts", () => {
  test.each(TABLE)("%s: denied, its benign twin is not, each in under 50 ms", (name, attack, twin) => {
    const a = timed(attack);
    const b = timed(twin);
    expect({ name, attack: a.decision, twin: b.decision }).toEqual({ name, attack: "deny", twin: b.decision === "deny" ? "not deny" : b.decision });
    expect({ name, attackMs: a.medianMs < 50, twinMs: b.medianMs < 50 }).toEqual({ name, attackMs: true, twinMs: true });
  });

  test("figures", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(50);
    const slowest = Math.max(...TABLE.flatMap(([, a, b]) => [timed(a).medianMs, timed(b).medianMs]));
    figure("policy.bypass_attempts", TABLE.length);
    figure("policy.benign_twins", TABLE.length);
    figure("policy.slowest_check_ms", Math.round(slowest * 10) / 10, "ms");
  });
});
