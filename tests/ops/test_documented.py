"""Every metric the processes export is in docs/operations.md's table, and every alert in its
list (an operator reads them there, not in the code)."""

from __future__ import annotations

from pathlib import Path

import yaml
from prometheus_client import Counter, Gauge, Histogram

from ops import metrics

ROOT = Path(__file__).resolve().parents[2]
OPERATIONS = (ROOT / "docs" / "operations.md").read_text()
RULES = ROOT / "deploy" / "monitoring" / "prometheus" / "alerts.yml"


def exported_names() -> list[str]:
    found = []
    for value in vars(metrics).values():
        if isinstance(value, (Counter, Gauge, Histogram)):
            found.append(value._name + ("_total" if isinstance(value, Counter) else ""))
    return found


def test_every_metric_is_in_the_operations_table():
    names = exported_names()
    assert len(names) >= 20
    missing = [name for name in names if f"| `{name}` |" not in OPERATIONS]
    assert not missing


def test_every_alert_says_what_to_do_in_the_operations_page():
    alerts = [rule["alert"] for group in yaml.safe_load(RULES.read_text())["groups"]
              for rule in group["rules"]]  # fmt: skip
    missing = [alert for alert in alerts if f"| `{alert}`" not in OPERATIONS]
    assert not missing
