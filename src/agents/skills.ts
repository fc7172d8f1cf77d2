import ctxDoctor from "../../skills/ctx-doctor/SKILL.md" with { type: "text" };
import ctxStats from "../../skills/ctx-stats/SKILL.md" with { type: "text" };
import ctxUpgrade from "../../skills/ctx-upgrade/SKILL.md" with { type: "text" };
import ctxmode from "../../skills/ctxmode/SKILL.md" with { type: "text" };

/** The skills in `skills/`, compiled into the binary so setup can install them anywhere. */
export const SKILLS: Record<string, string> = {
  ctxmode,
  "ctx-stats": ctxStats,
  "ctx-doctor": ctxDoctor,
  "ctx-upgrade": ctxUpgrade,
};
