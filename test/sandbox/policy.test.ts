import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkCommand, checkPath, createPolicy, loadPolicy, policyFiles } from "../../src/sandbox/policy.ts";
import { growth } from "../helpers/growth.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "ctxmode-policy-test-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const deny = (rules: string[], allow: string[] = []) => createPolicy({ deny: rules, allow }, { platform: "linux" });

describe("checkCommand: deny per segment", () => {
  const policy = deny(["Bash(sudo *)", "Bash(rm -rf:*)", "Bash(curl *evil.com*)"]);
  const denied: string[] = [
    "sudo ls",
    "sudo",
    "echo ok && sudo rm -rf /",
    "echo ok || sudo x",
    "true; sudo x",
    "cat f | sudo tee /etc/x",
    "sleep 1 & sudo x",
    "echo ok\nsudo x",
    "echo $(sudo x)",
    "echo `sudo x`",
    "echo $(echo $(sudo y))",
    'echo "$(sudo x)"',
    "(sudo x)",
    "FOO=1 sudo x",
    "env FOO=1 sudo x",
    "nohup sudo x",
    "timeout 5 sudo x",
    "/usr/bin/sudo x",
    '"su"do x',
    "s\\udo x",
    "rm -rf",
    "rm -rf /tmp/x",
    "sudo -u root rm -rf /",
    "bash -c 'sudo x'",
    'sh -ec "echo hi; sudo x"',
    "eval 'sudo x'",
    "for f in *; do rm -rf $f; done",
    "curl https://evil.com/x",
  ];
  test.each(denied)("denies %p", (command) => {
    expect(checkCommand(policy, command).decision).toBe("deny");
  });

  const notDenied: string[] = [
    "echo sudo",
    "sudoedit x",
    'echo "a && sudo x"',
    "echo 'sudo x; $(sudo y)'",
    "echo \\$\\(sudo x\\)",
    "rm -rf2 x",
    "rm -r x",
    "rmdir x",
    "echo rm -rf",
    "curl https://good.com",
  ];
  test.each(notDenied)("does not deny %p", (command) => {
    expect(checkCommand(policy, command).decision).not.toBe("deny");
  });

  test("reports the rule and the segment", () => {
    expect(checkCommand(policy, "ls && sudo reboot")).toEqual({ decision: "deny", rule: "Bash(sudo *)", segment: "sudo reboot" });
  });
});

describe("checkCommand: colon form, space form, allow", () => {
  test("colon form `tree:*` is a command prefix with optional arguments", () => {
    const policy = deny(["Bash(tree:*)"]);
    expect(checkCommand(policy, "tree").decision).toBe("deny");
    expect(checkCommand(policy, "tree -a").decision).toBe("deny");
    expect(checkCommand(policy, "treemap").decision).toBe("none");
  });

  test("space form: `ls *` needs the space, `ls*` does not", () => {
    expect(checkCommand(deny(["Bash(ls *)"]), "lsof").decision).toBe("none");
    expect(checkCommand(deny(["Bash(ls *)"]), "ls -la").decision).toBe("deny");
    expect(checkCommand(deny(["Bash(ls*)"]), "lsof").decision).toBe("deny");
  });

  test("allow only when every segment is allowed", () => {
    const policy = deny([], ["Bash(git status)", "Bash(git log:*)", "Bash(grep *)"]);
    expect(checkCommand(policy, "git status").decision).toBe("allow");
    expect(checkCommand(policy, "git log --oneline | grep fix").decision).toBe("allow");
    expect(checkCommand(policy, "git status && git push")).toEqual({ decision: "none", segment: "git push" });
    expect(checkCommand(policy, "git log $(whoami)").decision).toBe("none");
    expect(checkCommand(policy, "FOO=1 git status").decision).toBe("none");
    expect(checkCommand(policy, "").decision).toBe("none");
  });

  test("deny beats allow, whatever the order", () => {
    const policy = deny(["Bash(git push --force:*)"], ["Bash(git *)"]);
    expect(checkCommand(policy, "git push --force origin").decision).toBe("deny");
    expect(checkCommand(policy, "git push origin").decision).toBe("allow");
    expect(checkCommand(createPolicy([{ allow: ["Bash"] }, { deny: ["Bash(sudo *)"] }]), "sudo x").decision).toBe("deny");
  });

  test("a bare `Bash` rule matches every command", () => {
    expect(checkCommand(deny(["Bash"]), "echo hi").decision).toBe("deny");
  });

  test("syntax-only segments need no allow rule", () => {
    const policy = deny([], ["Bash(echo *)"]);
    expect(checkCommand(policy, "if true; then echo a; fi").decision).toBe("none"); // `true` is not allowed
    expect(checkCommand(deny([], ["Bash(echo *)", "Bash(true)"]), "if true; then echo a; fi").decision).toBe("allow");
    // A group and a function head are syntax too; the function's call is a command like any other.
    expect(checkCommand(policy, "{ echo a; }; function f { echo b; }").decision).toBe("allow");
    expect(checkCommand(policy, "function f() { echo b; }; f").decision).toBe("none");
  });

  test("deny rules with short flags also stop the same flags in another order, split, or with more letters", () => {
    const policy = deny(["Bash(rm -rf *)", "Bash(git push -f:*)", "Bash(chmod -R 777 *)", "Bash(docker * -v *)"]);
    const stopped = [
      "rm -fr /",
      "rm -r -f /srv",
      "rm -f -r build",
      "rm -rfv /",
      "rm -v -rf /",
      "sudo rm -fr /",
      "FOO=1 rm -r -f x",
      "git push -f origin main",
      "git push -fu origin",
      "chmod -R 777 /etc",
      "docker run -v /:/host x",
      "rm -fr",
    ];
    for (const command of stopped) {
      expect({ command, decision: checkCommand(policy, command).decision }).toEqual({ command, decision: "deny" });
    }
    for (const command of ["rm -r build", "rm -f x", "rm x", "rm --force -r x", "git push origin", "chmod 644 x", "echo rm -fr /"]) {
      expect({ command, decision: checkCommand(policy, command).decision }).toEqual({ command, decision: "none" });
    }
    // Allow rules keep their exact spelling: sorting never widens an allow.
    expect(checkCommand(deny([], ["Bash(rm -rf build)"]), "rm -fr build").decision).toBe("none");
  });

  test("a 100 KB command against 200 hostile globs: right answers, and 4x the command costs at most 6x the time", () => {
    // Odd rules fail on their suffix; even ones must scan the whole command for a missing piece.
    const rules: string[] = [];
    for (let i = 0; i < 200; i++) rules.push(i % 2 ? `Bash(*a*a*a*a*a*b${i})` : `Bash(*a*a*a*a*a*a*a*a*${"a".repeat(i % 7)}*b*)`);
    const policy = deny(rules, ["Bash(*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b)"]);
    // n = 100,000 is a 100 KB command.
    const commandsOf = (n: number) => ["a".repeat(n), "a ".repeat(n / 2), "a&&".repeat((n * 3) / 10), `echo "${"$(a".repeat(n / 5)}"`];
    const check = (p: typeof policy) => (commands: string[]) => {
      for (const command of commands) expect(checkCommand(p, command).decision).toBe("none");
    };
    check(policy)(commandsOf(100_000));
    expect(growth(commandsOf, check(policy), 10_000)).toBeLessThan(6);
    // Rules with short flags on top: the command's flags are sorted once per form, not per rule.
    const flagged = deny([...rules, ...Array.from({ length: 100 }, (_, i) => `Bash(tool${i} -abc *)`)]);
    const flaggedOf = (n: number) => ["-x -y ".repeat(n / 5), ...commandsOf(n)];
    check(flagged)(flaggedOf(100_000));
    expect(growth(flaggedOf, check(flagged), 10_000)).toBeLessThan(6);
  });

  test("policy code builds no regular expressions from rules", () => {
    for (const file of ["policy.ts", "glob.ts", "command-forms.ts", "path-check.ts", "split-command.ts"]) {
      const source = readFileSync(join(import.meta.dir, "../../src/sandbox", file), "utf8");
      expect(source).not.toContain("new RegExp");
    }
  });
});

describe("loadPolicy", () => {
  test("reads user, project, project-local and ctxmode files; malformed ones become warnings", () => {
    const home = join(root, "home");
    const project = join(root, "proj-load");
    const data = join(root, "data");
    for (const dir of [join(home, ".claude"), join(project, ".claude"), data]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify({ permissions: { deny: ["Bash(sudo *)"] } }));
    writeFileSync(join(project, ".claude", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(git *)"], deny: "oops" } }));
    writeFileSync(join(project, ".claude", "settings.local.json"), "{ not json");
    writeFileSync(join(data, "policy.json"), JSON.stringify({ permissions: { deny: ["Read(**/*.pem)", 42, "Bash(unclosed"] } }));
    const policy = loadPolicy({ home, projectDir: project, dataDir: data }, "linux");
    expect(policyFiles({ home, projectDir: project, dataDir: data })).toHaveLength(4);
    expect(policy.deny.map((r) => r.raw)).toEqual(["Bash(sudo *)", "Read(**/*.pem)"]);
    expect(policy.allow.map((r) => r.raw)).toEqual(["Bash(git *)"]);
    expect(policy.warnings).toHaveLength(4);
    expect(policy.warnings.join("\n")).toContain("settings.local.json: not valid JSON");
    expect(policy.warnings.join("\n")).toContain("permissions.deny is not an array");
    expect(policy.warnings.join("\n")).toContain("permissions.deny[1] is not a string");
    expect(policy.warnings.join("\n")).toContain("no closing parenthesis");
    expect(checkCommand(policy, "git status && sudo x").decision).toBe("deny");
  });

  test("no files means no rules and no warnings", () => {
    const policy = loadPolicy({ home: join(root, "nohome"), projectDir: join(root, "noproj"), dataDir: join(root, "nodata") });
    expect(policy).toMatchObject({ deny: [], allow: [], warnings: [] });
  });
});

describe("checkPath", () => {
  const project = join(root, "project");
  const outside = join(root, "outside");
  mkdirSync(join(project, "src", "sub"), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(project, "src", "a.ts"), "x");
  writeFileSync(join(project, ".env"), "SECRET=1");
  writeFileSync(join(project, "src", "sub", ".env"), "SECRET=1");
  writeFileSync(join(project, "server.pem"), "k");
  writeFileSync(join(outside, "secret.txt"), "s");
  symlinkSync(join(outside, "secret.txt"), join(project, "link-to-secret"));
  symlinkSync(outside, join(project, "link-dir"));
  symlinkSync(join(project, "src", "a.ts"), join(outside, "link-in"));
  const none = createPolicy({}, { platform: "linux" });

  test("paths inside the project pass with their real path", () => {
    expect(checkPath(none, "src/a.ts", project)).toEqual({ ok: true, real: join(project, "src", "a.ts") });
    expect(checkPath(none, join(project, "src"), project)).toMatchObject({ ok: true });
    expect(checkPath(none, "src/new/not-yet.txt", project)).toEqual({ ok: true, real: join(project, "src", "new", "not-yet.txt") });
    expect(checkPath(none, ".", project)).toEqual({ ok: true, real: project });
  });

  test("symlink escapes and .. are refused", () => {
    for (const path of ["link-to-secret", "link-dir/secret.txt", "link-dir/new-file", "../outside/secret.txt", join(outside, "secret.txt"), "/etc/passwd"]) {
      const decision = checkPath(none, path, project);
      expect(decision).toMatchObject({ ok: false, code: "OUTSIDE_PROJECT" });
      if (!decision.ok) expect(decision.reason).toContain("outside the project");
    }
  });

  test("a symlink from outside into the project resolves inside", () => {
    expect(checkPath(none, join(outside, "link-in"), project)).toEqual({ ok: true, real: join(project, "src", "a.ts") });
  });

  test("a Read(...) allow rule with an absolute pattern grants an outside path", () => {
    const policy = createPolicy({ allow: [`Read(${outside}/**)`] }, { platform: "linux" });
    expect(checkPath(policy, join(outside, "secret.txt"), project)).toEqual({ ok: true, real: join(outside, "secret.txt") });
    expect(checkPath(policy, "link-to-secret", project)).toMatchObject({ ok: true });
    expect(checkPath(policy, "/etc/passwd", project)).toMatchObject({ ok: false });
    const relative = createPolicy({ allow: ["Read(**/secret.txt)"] }, { platform: "linux" });
    expect(checkPath(relative, join(outside, "secret.txt"), project)).toMatchObject({ ok: false });
  });

  test("`~/` and `//` patterns are absolute", () => {
    const policy = createPolicy({ allow: ["Read(~/notes/**)", `Read(/${outside}/secret.txt)`] }, { platform: "linux", home: root });
    mkdirSync(join(root, "notes"), { recursive: true });
    expect(checkPath(policy, join(root, "notes", "n.md"), project)).toMatchObject({ ok: true });
    expect(checkPath(policy, join(outside, "secret.txt"), project)).toMatchObject({ ok: true });
  });

  test("Read deny rules refuse even inside the project", () => {
    const policy = createPolicy({ deny: ["Read(.env)", "Read(**/*.pem)", `Read(${project}/src/sub)`] }, { platform: "linux" });
    for (const path of [".env", "src/sub/.env", join(project, ".env"), "server.pem", "src/sub/anything.ts"]) {
      expect(checkPath(policy, path, project)).toMatchObject({ ok: false, code: "POLICY_DENIED" });
    }
    expect(checkPath(policy, "src/a.ts", project)).toMatchObject({ ok: true });
  });

  test("deny beats an allow rule for the same outside path", () => {
    const policy = createPolicy({ allow: [`Read(${outside}/**)`], deny: ["Read(secret.txt)"] }, { platform: "linux" });
    expect(checkPath(policy, join(outside, "secret.txt"), project)).toMatchObject({ ok: false, code: "POLICY_DENIED" });
  });

  test("matching is case-sensitive on Linux", () => {
    const policy = createPolicy({ deny: ["Read(.ENV)"] }, { platform: "linux" });
    expect(checkPath(policy, ".env", project)).toMatchObject({ ok: true });
  });
});
