"""axe-core, Deque's accessibility engine, run inside the page under test.

axe.min.js comes from PyPI (the npm registry is out of reach here): the axe-playwright-python package ships it as a
file, and only that file is used (injected with WebDriver's execute_script; nothing of Playwright runs). Its version
is what `axe.version` answers, printed with each run.
"""
from importlib import resources

# The package's __init__ is empty: reading the file imports nothing of Playwright.
SOURCE = resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")

# Runs axe on the whole document with its default rules (WCAG 2.0-2.2 A and AA, and best practices) and answers the
# violations, each with its impact and the elements that fail.
RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ["violations"] })
  .then(result => done({
    version: axe.version,
    violations: result.violations.map(v => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map(n => n.target.join(" ") + " — " + (n.failureSummary || "").replace(/\\s+/g, " ")),
    })),
  }))
  .catch(error => done({ error: String(error) }));
"""


def run(browser):
    """axe's violations on the page as it is now: {"version": ..., "violations": [...]}."""
    if not browser.execute_script("return typeof window.axe === 'object'"):
        browser.execute_script(SOURCE)
    browser.set_script_timeout(60)
    result = browser.execute_async_script(RUN)
    assert "error" not in result, result
    return result


def assert_no_serious_violations(browser, state):
    """No violation axe rates serious or critical; the minor and moderate ones are printed, not failed."""
    result = run(browser)
    serious = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    others = [f"{v['id']} ({v['impact']})" for v in result["violations"] if v not in serious]
    print(f"axe-core {result['version']}, {state}: {len(serious)} serious or critical; others: {', '.join(others) or 'none'}")
    assert not serious, f"{state}: " + "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in serious)
    return result
