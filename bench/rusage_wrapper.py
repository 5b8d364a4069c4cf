"""Run one command; write its wall time, CPU time and peak RSS as JSON to a file.

    python -I -S bench/rusage_wrapper.py RESULT.json -- COMMAND [ARGS...]

A small, fresh process (no site-packages) runs nothing but the command, so
``getrusage(RUSAGE_CHILDREN)`` is the command's own peak RSS: Linux carries the
parent's peak into a child at ``exec``, and the benchmark process itself is large.
The command's exit code becomes the wrapper's.
"""

import json
import resource
import subprocess
import sys
import time


def main() -> int:
    result_path, separator, *cmd = sys.argv[1:]
    assert separator == "--", "usage: rusage_wrapper.py RESULT.json -- COMMAND [ARGS...]"
    start = time.perf_counter()
    returncode = subprocess.run(cmd, check=False).returncode
    wall = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(result_path, "w", encoding="utf-8") as out:
        json.dump({"wall": wall, "maxrss_kib": usage.ru_maxrss, "cpu": usage.ru_utime + usage.ru_stime}, out)
    return returncode


if __name__ == "__main__":
    sys.exit(main())
