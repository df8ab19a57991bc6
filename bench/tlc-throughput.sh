#!/usr/bin/env bash
# TLC throughput next to a reference: distinct states per second of every TLC model with recorded
# statistics (configs/models.json, written by ./pando check --record) beside the reference Paxos model
# of bench/tla (3 acceptors, 2 values, ballots 0..2, INVARIANT Inv), run here, now, on this machine.
#
#   bench/tlc-throughput.sh [--out FILE]     e.g. --out docs/benchmarks/tlc-throughput.md
#
# Needs java, python3 and TLC (TLA2TOOLS_JAR, or ../shared/toolchain/tla2tools.jar beside the repository).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) [[ $# -ge 2 ]] || { echo "tlc-throughput: --out needs a file name" >&2; exit 2; }; OUT="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "tlc-throughput: unknown argument $1 (usage: bench/tlc-throughput.sh [--out FILE])" >&2; exit 2 ;;
  esac
done
JAR="${TLA2TOOLS_JAR:-}"
[[ -n "$JAR" ]] || { [[ -f "$ROOT/../shared/toolchain/tla2tools.jar" ]] && JAR="$ROOT/../shared/toolchain/tla2tools.jar"; }
[[ -n "$JAR" && -f "$JAR" ]] || { echo "tlc-throughput: TLC not found: set TLA2TOOLS_JAR to tla2tools.jar" >&2; exit 2; }
command -v python3 >/dev/null || { echo "tlc-throughput: python3 is required" >&2; exit 2; }

WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
run_ref() {  # $1 = workers; prints "distinct seconds"
  local log="$WORK/ref-$1.log"
  (cd "$ROOT/bench/tla" && java -XX:+UseParallelGC -Djava.io.tmpdir="$WORK" -cp "$JAR" tlc2.TLC -workers "$1" \
      -metadir "$WORK/meta-$1" -config MCPaxosReference.cfg MCPaxosReference.tla) > "$log" 2>&1 || {
    echo "tlc-throughput: the reference model failed; TLC said:" >&2; tail -20 "$log" >&2; exit 1; }
  python3 - "$log" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
if "No error has been found" not in t: sys.exit("tlc-throughput: the reference model did not pass")
d = re.findall(r"([\d,]+) distinct states found, 0 states left on queue", t)
f = re.search(r"Finished in (?:(\d+)h )?(?:(\d+)min )?(\d+)(ms|s) ", t)
if not d or not f: sys.exit("tlc-throughput: could not read TLC's statistics")
h, mi, n, unit = int(f.group(1) or 0), int(f.group(2) or 0), int(f.group(3)), f.group(4)
secs = h * 3600 + mi * 60 + (n / 1000.0 if unit == "ms" else n)
print(d[-1].replace(",", ""), secs)
PY
}
read -r REF1_D REF1_S < <(run_ref 1)
read -r REF2_D REF2_S < <(run_ref 2)

python3 - "$ROOT/configs/models.json" "$REF1_D" "$REF1_S" "$REF2_D" "$REF2_S" "$(nproc)" > "$WORK/table.md" <<'PY'
import json, sys
models = json.load(open(sys.argv[1]))["models"]
r1d, r1s, r2d, r2s, cores = int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
ref = r2d / r2s
print("# TLC throughput next to a reference Paxos model")
print()
print("<!-- Written by bench/tlc-throughput.sh --out docs/benchmarks/tlc-throughput.md; do not edit by hand. -->")
print()
print("Command: `bench/tlc-throughput.sh --out docs/benchmarks/tlc-throughput.md`. Machine: %s cores, TLC 2.15." % cores)
print()
print("The reference is bench/tla/PaxosReference.tla: single-decree Paxos in the message-set style of the Paxos")
print("model of tlaplus/Examples (our own text), 3 acceptors, 2 values, ballots 0..2, majority quorums, no symmetry,")
print("INVARIANT Inv (type, the acceptor and message invariants, agreement). It runs now, on this machine:")
print()
print("| reference run | distinct states | seconds | distinct states/s |")
print("|---|---:|---:|---:|")
print("| 1 worker | {:,} | {:.1f} | {:,.0f} |".format(r1d, r1s, r1d / r1s))
print("| 2 workers | {:,} | {:.1f} | {:,.0f} |".format(r2d, r2s, r2d / r2s))
print()
print("Every TLC model below ran exhaustively with `./pando check --record` (full-tier models one per invocation,")
print("so with both cores; fast-tier ones two at a time). Seconds are TLC's wall clock including start-up (about")
print("1 s), so models that finish in under 10 s are left out: their rate is mostly start-up. Simulation runs are")
print("left out (TLC does not count distinct states there). The ratio is the model's rate over the 2-worker reference.")
print()
print("| model | tier | distinct states | seconds | distinct states/s | vs reference |")
print("|---|---|---:|---:|---:|---:|")
rows = []
for m in models:
    st = m.get("stats") or {}
    if m.get("mode", "exhaustive") != "exhaustive" or m.get("expect") != "pass": continue
    d, s = st.get("distinct"), st.get("seconds")
    if not d or not s or s < 10: continue
    rows.append((m["name"], m.get("tier", "fast"), d, s, d / s))
for name, tier, d, s, rate in sorted(rows, key=lambda r: -r[4]):
    print("| `{}` | {} | {:,} | {:.0f} | {:,.0f} | {:.2f} |".format(name, tier, d, s, rate, rate / ref))
PY
cat "$WORK/table.md"
if [[ -n "$OUT" ]]; then cp "$WORK/table.md" "$OUT"; echo "written: $OUT" >&2; fi
