#!/usr/bin/env bash
# Machine instructions of one cold `errgen build` (valgrind cachegrind): a figure that, unlike
# wall time, does not move with the machine's load, so small changes can be compared.
#
#   bench/instructions.sh [CODES] [TARGET...]      # default: 1000 codes, -t typescript
#   bench/instructions.sh --validate [CODES]       # per payload of the generated Python package
#
# Runs the errgen of the current interpreter (pip install -e .), byte-compiled first, on a
# fresh project with bench/synth.py's catalog. Needs valgrind.
#
# --validate: instructions and (simulated) branch mispredictions per payload of the
# payloads bench/probe_python.py times, warm (every code parsed 70 times first, so the
# interpreter has specialised its code): the difference of a run with 5 more passes and
# one with none, hash seed fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
validate=""
if [[ "${1:-}" == "--validate" ]]; then validate=1; shift; fi
codes="${1:-1000}"
shift || true
targets=("${@:-typescript}")
[[ -n "$validate" ]] && targets=(python catalog)
python="$("${PYTHON:-python}" -c "import sys; print(sys.executable)")"  # valgrind follows no shim
work="bench/out/instructions-$codes"
rm -rf "$work" && mkdir -p "$work"
"$python" bench/synth.py --codes "$codes" --out "$work" >/dev/null
printf '[tool.errgen]\ncatalogs = ["synth.yaml"]\nout = "generated"\n' >"$work/pyproject.toml"
"$python" -m compileall -q "$("$python" -c 'import errgen, os; print(os.path.dirname(errgen.__file__))')"
args=()
for target in "${targets[@]}"; do args+=(-t "$target"); done
"$python" -m errgen build --out "$work/warmup" "$work/synth.yaml" "${args[@]}" >/dev/null  # Jinja's template cache
cd "$work"
if [[ -z "$validate" ]]; then
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$python" -m errgen build "${args[@]}" 2>&1 >/dev/null | sed -n 's/.*I *refs: *//p'
  exit
fi
"$python" -m errgen build "${args[@]}" >/dev/null
"$python" -m compileall -q generated/synth/python
count() {  # instructions and mispredictions of a run with $1 timed passes
  PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=/dev/null \
    "$python" ../../probe_python.py passes generated/synth/python synth_errors generated/synth/catalog.json 70 "$1" 2>&1 \
    | tr -d , | awk '/I +refs/ {i = $4} /Mispredicts/ {m = $3} END {print i, m}'
}
read -r i0 m0 < <(count 0)
read -r i5 m5 < <(count 5)
payloads=$("$python" -c 'import sys; sys.path.insert(0, "../.."); from pathlib import Path
from probe_python import payloads; print(len(payloads(Path("generated/synth/catalog.json"))))')
echo "$payloads payloads: $(( (i5 - i0) / (5 * payloads) )) instructions, $(( (m5 - m0) / (5 * payloads) )) mispredicted branches per payload"
