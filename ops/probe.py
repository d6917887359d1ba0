"""``python -m ops.probe URL``: exit 0 when ``URL`` answers 200, else 1 with the answer.

docker-compose's healthchecks use it (the image has Python, not curl):
``python -m ops.probe http://127.0.0.1:9100/readyz``.
"""

from __future__ import annotations

import sys
import urllib.error
import urllib.request

TIMEOUT = 3.0


def probe(url: str) -> tuple[bool, str]:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            return response.status == 200, response.read(2000).decode(errors="replace")
    except urllib.error.HTTPError as error:
        with error:
            return False, f"{error.code}: {error.read(2000).decode(errors='replace')}"
    except (OSError, ValueError) as error:
        return False, str(error)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or not args[0].startswith(("http://", "https://")):
        print("usage: python -m ops.probe http://HOST:PORT/readyz", file=sys.stderr)
        return 2
    healthy, answer = probe(args[0])
    if not healthy:
        print(answer, file=sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
