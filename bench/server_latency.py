"""The server's own view of its latency, read from its ``/metrics`` (the histogram
``cupclaim_http_request_seconds``): what bench.load prints as ``server_p99_ms``.

The load generator shares this machine's cores with the server, so a long client-side tail
may be the client's own (starved of CPU, it reads answers late). The server times each
request from the moment its worker has it until the answer leaves: when the client's p99
is long and the server's is short, the time was lost outside the server.
"""

from __future__ import annotations

import math
from collections import Counter

import httpx
from prometheus_client.parser import text_string_to_metric_families

METRIC = "cupclaim_http_request_seconds"


def buckets(ops_url: str, routes: set[str]) -> Counter[float]:
    """Cumulative counts by upper bound (seconds), summed over ``routes`` and every worker."""
    text = httpx.get(f"{ops_url}/metrics", timeout=10).text
    found: Counter[float] = Counter()
    for family in text_string_to_metric_families(text):
        if family.name != METRIC:
            continue
        for sample in family.samples:
            if sample.name.endswith("_bucket") and sample.labels.get("route") in routes:
                found[float(sample.labels["le"])] += sample.value
    return found


def quantile(q: float, cumulative: Counter[float]) -> float:
    """Prometheus's ``histogram_quantile``: linear within the bucket the rank falls in."""
    bounds = sorted(cumulative)
    if not bounds or cumulative[bounds[-1]] <= 0:
        return math.nan
    rank = q * cumulative[bounds[-1]]
    lower, below = 0.0, 0.0
    for bound in bounds:
        count = cumulative[bound]
        if count >= rank:
            if math.isinf(bound):
                return lower  # past the last finite bucket: its bound is all we know
            return lower + (bound - lower) * (rank - below) / max(count - below, 1e-9)
        lower, below = bound, count
    return bounds[-1]
