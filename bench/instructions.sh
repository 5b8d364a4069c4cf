#!/usr/bin/env bash
# Machine instructions of one cold `errgen build` (valgrind cachegrind): a figure that, unlike
# wall time, does not move with the machine's load, so small changes can be compared.
#
#   bench/instructions.sh [CODES] [TARGET...]      # default: 1000 codes, -t typescript
#
# Runs the errgen of the current interpreter (pip install -e .), byte-compiled first, on a
# fresh project with bench/synth.py's catalog. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
codes="${1:-1000}"
shift || true
targets=("${@:-typescript}")
python="${PYTHON:-python}"
work="bench/out/instructions-$codes"
rm -rf "$work" && mkdir -p "$work"
"$python" bench/synth.py --codes "$codes" --out "$work" >/dev/null
printf '[tool.errgen]\ncatalogs = ["synth.yaml"]\nout = "generated"\n' >"$work/pyproject.toml"
"$python" -m compileall -q "$("$python" -c 'import errgen, os; print(os.path.dirname(errgen.__file__))')"
args=()
for target in "${targets[@]}"; do args+=(-t "$target"); done
"$python" -m errgen build --out "$work/warmup" "$work/synth.yaml" "${args[@]}" >/dev/null  # Jinja's template cache
cd "$work"
valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
  "$python" -m errgen build "${args[@]}" 2>&1 >/dev/null | sed -n 's/.*I *refs: *//p'
