"""Every Prometheus metric the bot and the web app export, and the one-line hooks that count.

The code that does the work (tables/, telegram_bot/, webapp/) calls a hook here with what it
knows; the hook turns it into bounded labels (ops.labels) and counts. Hooks never raise and
never block: a broken metric must not cost a move. ``set_enabled(False)`` makes them all
no-ops (bench.moves measures what metrics cost by switching them off and on in one run).

Under gunicorn each worker writes its numbers to files in ``PROMETHEUS_MULTIPROC_DIR``
(prometheus_client's multiprocess mode, set up by webapp/gunicorn_config.py) and the master
adds them up when scraped (ops.exposition); a gauge says how to add up (``multiprocess_mode``).
docs/operations.md lists every metric.
"""

from __future__ import annotations

import asyncio
import time
from importlib.metadata import PackageNotFoundError, packages_distributions, version

import redis
from prometheus_client import Counter, Gauge, Histogram

from ops import labels

# Seconds. Fine between 0.5 and 50 ms, where a move and a page's request live, so a p99 read
# from the histogram (bench.load's server_p99_ms) is close to the true one.
LATENCY = (0.0005, 0.001, 0.0015, 0.002, 0.003, 0.004, 0.005, 0.0075, 0.01, 0.015, 0.02,
           0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)  # fmt: skip
REQUEST = (*LATENCY, 30.0, 60.0)  # long polls wait up to a minute
VISIBLE = (0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 7.5, 10.0, 15.0, 20.0, 30.0, 60.0, 120.0)
RETRY_AFTER = (1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0)
LATENESS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)

_enabled = True


def set_enabled(on: bool) -> None:
    global _enabled
    _enabled = on


# --- tables (every process that changes tables) ------------------------------------------

MOVES_APPLIED = Counter(
    "cupclaim_moves_applied",
    "Changes committed to tables in play: people's moves, CPU moves and turn timers.",
    ["game"],
)
MOVES_REFUSED = Counter(
    "cupclaim_moves_refused",
    "Moves the rules or the table refused (reason: the error's code, e.g. stale).",
    ["game", "reason"],
)
MOVE_SECONDS = Histogram(
    "cupclaim_move_seconds",
    "Time to make one move: read, rules, check-and-set (with retries).",
    ["game"],
    buckets=LATENCY,
)
TABLES = Counter(
    "cupclaim_tables",
    "Tables by what happened to them: opened, started, finished, expired, cancelled.",
    ["game", "event"],
)
TABLES_OPEN = Gauge(
    "cupclaim_tables_open",
    "Open tables by game and status (counted by the bot every 30 s).",
    ["game", "status"],
    multiprocess_mode="livemax",
)
CPU_SECONDS = Histogram(
    "cupclaim_cpu_decision_seconds",
    "Time a CPU player takes to choose its move.",
    ["game", "level"],
    buckets=LATENCY,
)
DEADLINE_LATENESS = Histogram(
    "cupclaim_deadline_lateness_seconds",
    "How long after its deadline a CPU move, timer or expiry fired.",
    buckets=LATENESS,
)

# --- Redis -----------------------------------------------------------------------------------

REDIS_ERRORS = Counter(
    "cupclaim_redis_errors", "Redis calls that failed, by kind (timeout, connection, …).", ["kind"]
)
REDIS_LOST_REPLIES = Counter(
    "cupclaim_redis_lost_replies",
    "Commits whose reply was in doubt, by how the table settled it.",
    ["outcome"],
)
REDIS_RETRIES = Counter(
    "cupclaim_redis_cluster_retries",
    "Cluster commands sent again: moved, ask, tryagain, clusterdown, connection.",
    ["kind"],
)
REDIS_FAILOVERS = Counter(
    "cupclaim_redis_failovers_seen", "Changes of the cluster's set of masters seen."
)
REDIS_UP = Gauge(
    "cupclaim_redis_up", "1 while Redis (every master) answers pings.", multiprocess_mode="livemin"
)

# --- the web app -----------------------------------------------------------------------------

REQUEST_SECONDS = Histogram(
    "cupclaim_http_request_seconds",
    "Web app requests by route (the URL rule) and method, from arrival to answer.",
    ["route", "method"],
    buckets=REQUEST,
)
RESPONSES = Counter(
    "cupclaim_http_responses", "Web app answers by route, method and status.",
    ["route", "method", "status"],
)  # fmt: skip
IN_FLIGHT = Gauge(
    "cupclaim_http_in_flight",
    "Requests being served now, long polls apart.",
    multiprocess_mode="livesum",
)
LONG_POLLS_OPEN = Gauge(
    "cupclaim_long_polls_open", "Long polls waiting now.", multiprocess_mode="livesum"
)
LONG_POLLS_REFUSED = Counter(
    "cupclaim_long_polls_refused", "Long polls refused at once (429): too many from one person."
)

# --- the bot ---------------------------------------------------------------------------------

API_CALLS = Counter(
    "cupclaim_bot_api_calls",
    "Bot API calls by method and outcome (ok, flood (429), bad_request, forbidden, …).",
    ["method", "outcome"],
)
API_SECONDS = Histogram(
    "cupclaim_bot_api_seconds", "Time of a Bot API call.", ["method"], buckets=REQUEST
)
RETRY_AFTER_SECONDS = Histogram(
    "cupclaim_telegram_retry_after_seconds",
    "retry_after of Telegram's 429 answers.",
    buckets=RETRY_AFTER,
)
UPDATES = Counter(
    "cupclaim_updates_received", "Updates from Telegram (polling or webhook), by kind.", ["kind"]
)
WEBHOOK = Counter(
    "cupclaim_webhook_requests",
    "Requests to the webhook: accepted, or refused (secret, bad_request).",
    ["outcome"],
)
BUDGET_WAITING = Gauge(
    "cupclaim_budget_waiting",
    "Messages waiting for room in a chat's flood budget.",
    multiprocess_mode="livesum",
)
VISIBLE_SECONDS = Histogram(
    "cupclaim_press_to_visible_seconds",
    "From a table change (a press, a CPU move) to Telegram accepting the message showing it.",
    buckets=VISIBLE,
)
LOOP_LAG = Gauge(
    "cupclaim_event_loop_lag_seconds",
    "How late the bot's event loop ran a 1 s timer (a busy loop answers late).",
    multiprocess_mode="livemax",
)
BUILD = Gauge(
    "cupclaim_build_info",
    "1, with the version and role (polling, webhook, worker, web) of the process.",
    ["version", "role"],
    multiprocess_mode="livemax",
)


def app_version() -> str:
    """The installed distribution's version (the one that ships this package)."""
    shipped = packages_distributions()
    for package in ("ops", "tables"):  # (an older editable install may not list ops yet)
        try:
            return version(shipped[package][0])
        except (KeyError, IndexError, PackageNotFoundError):
            continue
    return "unknown"


def started_as(role: str) -> None:
    """The process's ``cupclaim_build_info``: which version, in which role."""
    known = role if role in ("polling", "webhook", "worker", "web") else labels.OTHER
    BUILD.labels(app_version(), known).set(1)


# --- hooks: tables ---------------------------------------------------------------------------

_per_game: dict[str, tuple[Counter, Histogram]] = {}


def table_changed(game: str, started: float, in_play: bool, milestone: str | None) -> None:
    """After a committed change (``started``: ``time.perf_counter()`` when it began).

    ``in_play``: the table had a game running, so the change was a move. ``milestone``: what
    the change made of the table ("started", "finished", "cancelled", "expired"), if anything.
    The caller says so: ops knows nothing of tables.
    """
    if not _enabled:
        return
    if in_play:
        counted = _per_game.get(game)
        if counted is None:
            name = labels.game(game)
            counted = _per_game[game] = (MOVES_APPLIED.labels(name), MOVE_SECONDS.labels(name))
        counted[0].inc()
        counted[1].observe(time.perf_counter() - started)
    if milestone is not None:
        TABLES.labels(labels.game(game), milestone).inc()


def table_opened(game: str) -> None:
    if _enabled:
        TABLES.labels(labels.game(game), "opened").inc()


def change_refused(game: str, in_lobby: bool, code: str) -> None:
    """A change a rule refused (``code``: the error's); counted as a move refused once the
    table has a game (not ``in_lobby``)."""
    if _enabled and not in_lobby:
        MOVES_REFUSED.labels(labels.game(game), labels.code(code)).inc()


def cpu_decided(game: str, level: str | None, started: float) -> None:
    if _enabled:
        CPU_SECONDS.labels(labels.game(game), labels.cpu_level(level)).observe(
            time.perf_counter() - started
        )


def deadline_fired(deadline: float | None, now: float) -> None:
    if _enabled and deadline is not None:
        DEADLINE_LATENESS.observe(max(0.0, now - deadline))


def open_tables(counts: dict[tuple[str, str], int]) -> None:
    """The census of open tables: (game, status) -> how many."""
    for (game, status), count in counts.items():
        TABLES_OPEN.labels(labels.game(game), labels.code(status)).set(count)


# --- hooks: Redis ----------------------------------------------------------------------------


def redis_error(error: BaseException) -> None:
    """A Redis call failed. Counted once however many layers see the same error (a retry
    inside a command, then the handler that answers "unavailable")."""
    if getattr(error, "_counted", False):
        return
    error._counted = True  # type: ignore[attr-defined]
    if isinstance(error, redis.TimeoutError):
        kind = "timeout"
    elif isinstance(error, redis.ConnectionError):
        kind = "connection"
    elif isinstance(error, redis.ResponseError):
        kind = "response"
    else:
        kind = "other"
    REDIS_ERRORS.labels(kind).inc()


def lost_reply(outcome: int | None) -> None:
    """A commit's reply was lost and the table's change ids settled it: ``outcome`` is what
    the commit reported (a version: applied; -1: table gone; -2: moved on; None: resent)."""
    if outcome is None:
        kind = "resent"
    elif outcome > 0:
        kind = "applied"
    else:
        kind = "gone" if outcome == -1 else "moved_on"
    REDIS_LOST_REPLIES.labels(kind).inc()


def cluster_retry(reason: str) -> None:
    first = reason.split(" ", 1)[0].upper()
    kind = first.lower() if first in ("MOVED", "ASK", "TRYAGAIN", "CLUSTERDOWN") else "connection"
    REDIS_RETRIES.labels(kind).inc()


def failover_seen() -> None:
    REDIS_FAILOVERS.inc()


def redis_state(up: bool) -> None:
    REDIS_UP.set(1 if up else 0)


# --- hooks: the bot --------------------------------------------------------------------------


def bot_api_call(method: str, outcome: str, seconds: float) -> None:
    name = labels.api_method(method)
    API_CALLS.labels(name, outcome).inc()
    API_SECONDS.labels(name).observe(seconds)


def flood_wait(retry_after: float) -> None:
    RETRY_AFTER_SECONDS.observe(retry_after)


def update_received(kind: str) -> None:
    UPDATES.labels(labels.update_kind(kind)).inc()


def webhook_answered(status: int) -> None:
    outcome = {403: "refused_secret", 400: "bad_request"}.get(status, "other")
    WEBHOOK.labels("accepted" if 200 <= status < 300 else outcome).inc()


async def budget_wait(seconds: float) -> None:
    """Sleep until a chat's flood budget has room, counted as one message waiting."""
    BUDGET_WAITING.inc()
    try:
        await asyncio.sleep(seconds)
    finally:
        BUDGET_WAITING.dec()


def shown_in_group(changed_at: float) -> None:
    """A table message now shows the change made at ``changed_at`` (wall clock, the table's
    ``updated_at``)."""
    VISIBLE_SECONDS.observe(max(0.0, time.time() - changed_at))
