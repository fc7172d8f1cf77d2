/** The fake model as each host that reads its models from a file of its own is told about it. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FakeModel } from "./fake-model/server.ts";
import type { HostSandbox } from "./host-run.ts";

function writeJson(dir: string, name: string, value: unknown): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), JSON.stringify(value, null, 2));
}

/** ~/.config/opencode/opencode.json: the fake model as an OpenAI-compatible provider, shell calls allowed. */
export function writeOpenCodeConfig(box: HostSandbox, fake: FakeModel): void {
  writeJson(join(box.home, ".config", "opencode"), "opencode.json", {
    $schema: "https://opencode.ai/config.json",
    model: "fake/fake-model",
    permission: { bash: "allow" },
    provider: {
      fake: {
        // Bundled in the binary: nothing is downloaded for this provider.
        npm: "@ai-sdk/openai-compatible",
        options: { baseURL: `${fake.url}/v1`, apiKey: "e2e-fake-key" },
        models: { "fake-model": { name: "Fake", tool_call: true, limit: { context: 100_000, output: 4_000 } } },
      },
    },
  });
}

/** ~/.pi/agent/models.json: the fake model as an OpenAI-completions provider. */
export function writePiModels(box: HostSandbox, fake: FakeModel): void {
  writeJson(join(box.home, ".pi", "agent"), "models.json", {
    providers: {
      fake: {
        baseUrl: `${fake.url}/v1`,
        api: "openai-completions",
        apiKey: "e2e-fake-key",
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
        models: [{ id: "fake-model" }],
      },
    },
  });
}
