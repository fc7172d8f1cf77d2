import { describe, expect, test } from "bun:test";
import { classifyShell } from "../../src/hooks/shell-routes.ts";
import { growth } from "../helpers/growth.ts";

describe("shell routes", () => {
  test.each([
    ["curl https://api.example.com/items", "http"],
    ["curl -s https://example.com | jq .", "http"],
    ["cd web && curl -sL https://example.com", "http"],
    ["wget -qO- https://example.com", "http"],
    ["wget -O - https://example.com", "http"],
    ["sudo curl http://x", "http"],
    ["FOO=1 curl http://x", "http"],
    [`node -e "fetch('https://api.github.com').then(r => r.text()).then(console.log)"`, "http"],
    [`python3 -c "import requests; print(requests.get('https://x').text)"`, "http"],
    ["python - <<'EOF'\nimport urllib.request\nprint(urllib.request.urlopen('https://x').read())\nEOF", "http"],
    ["./gradlew build", "build"],
    ["mvn test", "build"],
    ["sbt compile", "build"],
    ["cd app && ./mvnw -B verify", "build"],
  ])("%s -> %s", (command, kind) => {
    expect(classifyShell(command)?.kind).toBe(kind as never);
  });

  test.each([
    "curl -o out.html https://example.com",
    "curl -sO https://example.com/file.tgz",
    "curl -s https://example.com > page.html",
    "curl -s https://example.com | head -20",
    "wget https://example.com/file.tgz -q",
    "echo 'curl https://example.com'",
    "git commit -m 'use curl instead of wget'",
    'grep -rn "requests.get(" src',
    "./gradlew build | tail -30",
    "mvn -q test",
    "./gradlew --version",
    "mvn test > build.log 2>&1",
    "ls -la",
    "git status",
    "head -50 big.log",
    "tail -n 100 big.log",
    "tail -f app.log",
    "cat a.txt | grep x",
    "cat > notes.txt <<EOF\nhello\nEOF",
    "cat src/*.ts",
  ])("passes: %s", (command) => {
    expect(classifyShell(command)).toBeUndefined();
  });

  test("one-file dumps name their files; bounded reads are not dumps", () => {
    expect(classifyShell("cat build.log")).toEqual({ kind: "dump", files: ["build.log"] });
    expect(classifyShell("cat -n a.log b.log")).toEqual({ kind: "dump", files: ["a.log", "b.log"] });
    expect(classifyShell("tail -n 100000 app.log")).toEqual({ kind: "dump", files: ["app.log"] });
    expect(classifyShell("tail -n +1 app.log")).toEqual({ kind: "dump", files: ["app.log"] });
    expect(classifyShell("head -c 1000000 data.bin")).toEqual({ kind: "dump", files: ["data.bin"] });
    expect(classifyShell("tail -n 50 app.log")).toBeUndefined();
  });

  test("a hostile command is classified in linear time: 4x the command costs at most 6x the time", () => {
    const hostile = (n: number) => [`echo ${"a && ".repeat(n)}done`, `curl ${'"'.repeat((n * 5) / 2)}`];
    const classify = (commands: string[]) => {
      for (const c of commands) classifyShell(c);
    };
    expect(growth(hostile, classify, 1_000)).toBeLessThan(6);
  });
});
