import { describe, expect, test } from "bun:test";
import { JS_PRELOAD_NAME } from "../../src/sandbox/runtimes.ts";
import { prepareScript } from "../../src/sandbox/script.ts";

describe("prepareScript", () => {
  test("Go code without a package clause is wrapped in package main, importing fmt only when used", () => {
    expect(prepareScript("go", 'fmt.Println("hi")', false).source).toBe('package main\n\nimport "fmt"\n\nfunc main() {\nfmt.Println("hi")\n}\n');
    expect(prepareScript("go", "x := 1\n_ = x", false).source).not.toContain("import");
    const full = 'package main\nimport "fmt"\nfunc main() { fmt.Println(1) }';
    expect(prepareScript("go", full, false).source).toBe(full);
  });

  test("Rust code without fn main is wrapped in one", () => {
    expect(prepareScript("rust", 'println!("x");', false).source).toBe('fn main() {\nprintln!("x");\n}\n');
    expect(prepareScript("rust", "fn main() {}", false).source).toBe("fn main() {}");
  });

  test("PHP gets <?php only when missing; the file prelude adds no output line", () => {
    expect(prepareScript("php", "echo 1;", false).source).toBe("<?php\necho 1;");
    expect(prepareScript("php", "<?php echo 1;", false).source).toBe("<?php echo 1;");
    expect(prepareScript("php", "echo 1;", true).source).toBe('<?php $FILE_CONTENT = file_get_contents(getenv("FILE_PATH")); ?>\n<?php\necho 1;');
  });

  test("FILE_CONTENT loaders read $FILE_PATH", () => {
    expect(prepareScript("shell", "echo x", true).source).toBe('FILE_CONTENT=$(cat "$FILE_PATH")\necho x');
    for (const language of ["python", "ruby", "perl", "r"] as const) {
      const { source } = prepareScript(language, "CODE", true);
      expect(source).toContain("FILE_PATH");
      expect(source.endsWith("\nCODE")).toBe(true);
      expect(prepareScript(language, "CODE", false).source).toBe("CODE");
    }
  });

  test("JS and TS keep the user's code untouched and load FILE_CONTENT from a preload", () => {
    const plain = prepareScript("typescript", "const a: number = 1", false);
    expect(plain.source).toBe("const a: number = 1");
    expect(plain.support[JS_PRELOAD_NAME]).not.toContain("FILE_CONTENT");
    expect(prepareScript("javascript", "x", true).support[JS_PRELOAD_NAME]).toContain("FILE_CONTENT");
  });
});
