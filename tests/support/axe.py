"""axe-core (the npm package, tests/support/a11y) run inside Chromium on the page as it is.

``.ci/run`` installs it with ``npm ci --prefix tests/support/a11y``. :func:`audit` injects it
once per document (through the DevTools protocol, so the page's CSP is not involved), runs it
on the whole document and returns the violations a person would be hurt by: ``serious`` and
``critical`` ones, each as ``rule: target (summary)``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

AXE_JS = Path(__file__).resolve().parent / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
SEVERE = ("serious", "critical")

# Every WCAG 2.1 A and AA rule and axe's best practices; or only the rules asked for.
RUN_JS = """async (rules) => {
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
  const runOnly = rules ? { type: "rule", values: rules } : { type: "tag", values: tags };
  const result = await window.axe.run(document, { resultTypes: ["violations"], runOnly });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact,
    nodes: v.nodes.map((n) => ({ target: n.target.join(" "), impact: n.impact,
      summary: (n.failureSummary || "").split("\\n").slice(0, 3).join(" ") })),
  }));
}"""


@cache
def axe_source() -> str:
    if not AXE_JS.exists():
        raise RuntimeError(
            "axe-core is missing: `npm ci --prefix tests/support/a11y` (.ci/run does it)"
        )
    return AXE_JS.read_text(encoding="utf-8")


def audit(page: Any, rules: list[str] | None = None) -> list[str]:
    """The serious and critical violations on the page now, one line each: of every rule, or
    of ``rules`` only (say, the colour rule when only the theme changed)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;true")
    found: list[str] = []
    for violation in page.evaluate(RUN_JS, rules):
        for node in violation["nodes"]:
            impact = node["impact"] or violation["impact"]
            if impact in SEVERE:
                found.append(f"{violation['id']} [{impact}]: {node['target']} ({node['summary']})")
    return found
