import { describe, expect, test } from "bun:test";
import { parseCommand, splitCommand } from "../../src/sandbox/split-command.ts";
import { growth } from "../helpers/growth.ts";

describe("splitCommand", () => {
  const table: [string, string[]][] = [
    ["echo ok && sudo rm -rf /", ["echo ok", "sudo rm -rf /"]],
    ["a || b", ["a", "b"]],
    ["a; b", ["a", "b"]],
    ["a | b", ["a", "b"]],
    ["a & b", ["a", "b"]],
    ["a\nb", ["a", "b"]],
    ["a\r\nb", ["a", "b"]],
    ["a;;; ;b", ["a", "b"]],
    ["echo $(sudo x)", ["sudo x", "echo $(...)"]],
    ["echo `sudo x`", ["sudo x", "echo `...`"]],
    ["echo $(echo $(sudo y))", ["sudo y", "echo $(...)", "echo $(...)"]],
    ["echo $(a && b) c", ["a", "b", "echo $(...) c"]],
    ['echo "$(sudo x)"', ["sudo x", 'echo "$(...)"']],
    ['echo "`sudo z`"', ["sudo z", 'echo "`...`"']],
    ["(cd x && sudo y)", ["cd x", "sudo y"]],
    ["x=$(( 1 + 2 ))", ["1 + 2", "x=$(...)"]],
    // a `{` word opens a group wherever it stands: its commands are segments of their own
    ["{ sudo x; }", ["sudo x", "}"]],
    ["function f { sudo x; }; f", ["function f", "sudo x", "}", "f"]],
    ["function f() { sudo x; }", ["function f", "sudo x", "}"]],
    ["x=1 { a; { b; }; }", ["x=1", "a", "b", "}", "}"]],
    ["function f\n{\n\tsudo x\n}", ["function f", "sudo x", "}"]],
    // but a quoted, escaped or glued brace is an ordinary word
    ['echo "{" \\{ {a,b} {} x{ {', ['echo "{" \\{ {a,b} {} x{']],
    // quoted or escaped separators do not split
    ['echo "a && b"', ['echo "a && b"']],
    ["echo 'a; b | c & d'", ["echo 'a; b | c & d'"]],
    ["echo '$(x)' '`y`'", ["echo '$(x)' '`y`'"]],
    ['echo "a \\" && b"', ['echo "a \\" && b"']],
    ["echo a\\;b a\\&\\&b", ["echo a\\;b a\\&\\&b"]],
    ["echo $'it\\'s; fine'", ["echo $'it\\'s; fine'"]],
    ['echo "$(echo ")")"', ['echo ")"', 'echo "$(...)"']],
    // redirections are not separators
    ["ls 2>&1 | grep x", ["ls 2>&1", "grep x"]],
    ["cmd &> out.log", ["cmd &> out.log"]],
    ["cmd <&3", ["cmd <&3"]],
    // a redirection operator starts a word of its own, after a file descriptor it continues one
    ["sudo>/dev/null id", ["sudo >/dev/null id"]],
    ["cmd&>log x", ["cmd &>log x"]],
    ["echo a >| f; b", ["echo a >| f", "b"]],
    ["echo \\>& b", ["echo \\>", "b"]],
    ["cat <<<'here; x' y", ["cat <<<'here; x' y"]],
    // process substitutions are commands of their own
    ["cat <(sudo x) y", ["sudo x", "cat <(...) y"]],
    // a `)` of a case pattern does not close the substitution
    ["echo $(case a in a) b;; esac) c", ["case a in a", "b", "esac", "echo $(...) c"]],
    // comments end at the line (or the backtick around them); quotes in them are text
    ["echo a # it's; b\nc", ["echo a", "c"]],
    ["echo `ls # c` d", ["ls", "echo `...` d"]],
    // here-doc bodies split like commands, their quotes are text, up to the delimiter line
    ["cat <<EOF\nit's \"x\n$(sudo y)\nEOF\nz", ["cat <<EOF", "it's \"x", "sudo y", "$(...)", "EOF", "z"]],
    ["cat <<'EOF' && b\n'\nEOF\nc", ["cat <<'EOF'", "b", "'", "EOF", "c"]],
    ["cat <<-EOF\n\t'\n\tEOF\nc", ["cat <<-EOF", "'", "EOF", "c"]],
    // but `<<` is a shift in arithmetic
    ["x=$(( 1 << 2 ))\n'y'", ["1 << 2", "x=$(...)", "'y'"]],
    // blanks collapse, line continuations join
    ["FOO=1   sudo\t x", ["FOO=1 sudo x"]],
    ["echo a \\\n b", ["echo a b"]],
    // unterminated input runs to the end
    ["echo $(sudo x", ["sudo x", "echo $(...)"]],
    ['echo "open && sudo x', ['echo "open && sudo x']],
    ["", []],
    ["   ", []],
  ];
  test.each(table)("%p", (command, segments) => {
    expect(splitCommand(command)).toEqual(segments);
  });

  test("words have quotes removed", () => {
    expect(parseCommand(`"su"do 'rm' -rf \\/`)[0]!.words).toEqual(["sudo", "rm", "-rf", "/"]);
    // ANSI-C quoting is decoded the way the shell runs it.
    expect(parseCommand(String.raw`$'\x73\x75do' $'\163h' $'a\tb' $'\u0041\cA' $'it\'s'`)[0]!.words).toEqual(["sudo", "sh", "a\tb", "A\x01", "it's"]);
    expect(parseCommand(`echo "" x`)[0]!.words).toEqual(["echo", "", "x"]);
    expect(parseCommand("sudo>/dev/null id 2>&1 {fd}>x")[0]!.words).toEqual(["sudo", ">/dev/null", "id", "2>&1", "{fd}>x"]);
  });

  test("deep nesting does not overflow the stack and stays linear", () => {
    const nested = (depth: number) => "echo $(".repeat(depth) + "sudo x" + ")".repeat(depth);
    const segments = splitCommand(nested(50_000));
    expect(segments[0]).toBe("sudo x");
    expect(segments.length).toBe(50_001);
    // 4x the depth costs at most 6x the time.
    expect(growth(nested, splitCommand, 2_000)).toBeLessThan(6);
  });

  test("here-docs, comments and redirections stay linear", () => {
    const inputs = [
      (n: number) => "cat <<EOF\nit's\nEOF\n".repeat(n),
      (n: number) => `${"a<<b ".repeat(n)}\n${"b\n".repeat(n)}`,
      (n: number) => `${"a<<'b' ".repeat(n)}\n'`,
      (n: number) => "# it's\n".repeat(n),
      (n: number) => "1>".repeat(n),
      (n: number) => "echo $(case x in x) y;; ".repeat(n),
    ];
    for (const input of inputs) expect(growth(input, splitCommand, 2_000)).toBeLessThan(6);
  });
});
