"""The bounds of "one meaning for every value" (docs/runtime-contract.md §7), printed into every runtime.

Every generated runtime reads numbers, strings, bytes and nested values by the same rules;
these are the numbers those rules name. The Python and TypeScript targets print them into
their runtimes (`context`); the Go and Rust targets print the same constants.
"""

from __future__ import annotations

MAX_SAFE_INTEGER = 2**53 - 1  # the largest integer a JavaScript number holds exactly (I-JSON, RFC 7493)
MAX_LEVELS = 64  # levels of arrays and objects in a payload, the payload object being level 1
MAX_JSON_LEVELS = 100  # levels of arrays and objects in a JSON text a runtime reads
MAX_KEY = 1024  # characters (code points) of an object key `sanitize` keeps
MAX_BODY = 4_194_304  # bytes of a body given as bytes or a reader that `map_http` reads (4 MiB)
STATUS_RANGE = (100, 599)  # an HTTP status, inclusive

LIMITS = {
    "max_safe_integer": MAX_SAFE_INTEGER,
    "max_levels": MAX_LEVELS,
    "max_json_levels": MAX_JSON_LEVELS,
    "max_key": MAX_KEY,
    "max_body": MAX_BODY,
    "min_status": STATUS_RANGE[0],
    "max_status": STATUS_RANGE[1],
}


def context() -> dict[str, str]:
    """The bounds as the templates print them (decimal literals)."""
    return {name: str(number) for name, number in LIMITS.items()}
