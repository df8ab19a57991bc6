#!/usr/bin/env bash
# Is every VIEW sound for the properties of its models?  For each exhaustive model of configs/models.json whose
# cfg has a VIEW (passing models, their witnesses and the mutants), within a recorded run time, this runs the same
# model once more with the VIEW line removed and compares the verdicts: a passing model must still pass, a witness
# must still be reached and a mutant must still violate its property.  Every invariant and property of a passing
# cfg is checked in that run, so a VIEW that hid a violation of any of them shows as a difference; a VIEW that hid
# a reachable witness state shows as a witness reached only without it.
#
#   bench/view-drop.sh [--max-seconds S] [--view NAME]... [--out FILE]
#     --max-seconds S  only models whose recorded run took at most S seconds with the VIEW (default 60)
#     --view NAME      only models using this VIEW (repeatable; default every VIEW)
#     --out FILE       write the Markdown table to FILE (e.g. docs/benchmarks/view-drop.md)
#
# The runs go through ./pando check with a generated manifest under .pando/view-drop (the repository's files are
# not changed).  Needs java and TLC (TLA2TOOLS_JAR, or ../shared/toolchain/tla2tools.jar beside the repository).
# Exit 1 if some verdict without the VIEW differs from the manifest's expectation.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MAX=60; OUT=""; VIEWS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --max-seconds) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || { echo "view-drop: --max-seconds needs a whole number of seconds" >&2; exit 2; }; MAX="$2"; shift 2 ;;
    --view) [[ $# -ge 2 ]] || { echo "view-drop: --view needs a VIEW name" >&2; exit 2; }; VIEWS+=("$2"); shift 2 ;;
    --out) [[ $# -ge 2 ]] || { echo "view-drop: --out needs a file name" >&2; exit 2; }; OUT="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "view-drop: unknown argument $1 (usage: bench/view-drop.sh [--max-seconds S] [--view NAME]... [--out FILE])" >&2; exit 2 ;;
  esac
done
if [[ -z "${TLA2TOOLS_JAR:-}" && -f "$ROOT/../shared/toolchain/tla2tools.jar" ]]; then
  export TLA2TOOLS_JAR="$(cd "$ROOT/../shared/toolchain" && pwd)/tla2tools.jar"
fi
[[ -n "${TLA2TOOLS_JAR:-}" && -f "$TLA2TOOLS_JAR" ]] || { echo "view-drop: TLC not found: set TLA2TOOLS_JAR to tla2tools.jar" >&2; exit 2; }

WORK="$ROOT/.pando/view-drop"
rm -rf "$WORK"; mkdir -p "$WORK/cfg"
# The derived manifest: every selected model with its cfg copied minus the VIEW line, paths made absolute.
python3 - "$ROOT" "$WORK" "$MAX" "${VIEWS[@]+"${VIEWS[@]}"}" <<'PY'
import json, os, re, sys
root, work, limit, views = sys.argv[1], sys.argv[2], float(sys.argv[3]), set(sys.argv[4:])
m = json.load(open(os.path.join(root, "configs", "models.json")))
cfgdir = os.path.join(root, "configs")
texts = {x["cfg"]: open(os.path.join(cfgdir, x["cfg"])).read() for x in m["models"]}
view_of = {c: (re.search(r"^VIEW\s+(\w+)\s*$", t, re.M) or [None, None])[1] for c, t in texts.items()}
known = {v for v in view_of.values() if v}
unknown = views - known
if unknown:
    sys.exit(f"view-drop: no model uses VIEW {', '.join(sorted(unknown))} (VIEWs in the manifest: {', '.join(sorted(known))})")
by_cfg = {}
for x in m["models"]:
    by_cfg.setdefault(x["cfg"], []).append(x)
chosen, meta = [], {}
for x in m["models"]:
    if x["mode"] != "exhaustive": continue          # simulation does not merge states, so a VIEW changes nothing there
    text, view = texts[x["cfg"]], view_of[x["cfg"]]
    if not view or (views and view not in views): continue
    secs = (x.get("stats") or {}).get("seconds")
    if x.get("witness"):
        # a witness goes with the passing model of its cfg: its own recorded time may be a folded run's
        parents = [p for p in by_cfg[x["cfg"]] if p["expect"] == "pass" and not p.get("witness") and p["mode"] == "exhaustive"]
        secs = min([(p.get("stats") or {}).get("seconds") or 10**9 for p in parents] + [10**9])
    if secs is None or secs > limit: continue
    name = x["cfg"].replace("/", "__")[:-4] + "_noview.cfg"
    path = os.path.join(work, "cfg", name)
    with open(path, "w") as f: f.write(re.sub(r"^VIEW\s+\w+\s*\n", "", text, flags=re.M))
    y = dict(x)
    y["module"] = os.path.join(cfgdir, x["module"])
    y["cfg"] = path
    y["stats"] = None
    y["timeLimitSeconds"] = max(600, int(x.get("timeLimitSeconds", 300)) * 4)
    chosen.append(y)
    meta[x["name"]] = {"view": view, "withView": (x.get("stats") or {}).get("distinct")}
out = {"specDirs": [os.path.normpath(os.path.join(cfgdir, d)) for d in m["specDirs"]], "models": chosen}
json.dump(out, open(os.path.join(work, "manifest.json"), "w"), indent=2)
json.dump(meta, open(os.path.join(work, "meta.json"), "w"), indent=2)
print(f"view-drop: {len(chosen)} model(s) without their VIEW (recorded run at most {limit:g} s)", file=sys.stderr)
PY

# Its exit code is not the verdict: the table below compares each model's verdict with the manifest's expectation.
"$ROOT/pando" check --manifest "$WORK/manifest.json" --out "$WORK/out" --all > "$WORK/check.log" 2>&1 || true
[[ -f "$WORK/out/report.json" ]] || { echo "view-drop: ./pando check wrote no report; its output:" >&2; tail -30 "$WORK/check.log" >&2; exit 1; }

python3 - "$WORK" "$OUT" "$MAX" <<'PY'
import json, os, sys, datetime
work, out, limit = sys.argv[1], sys.argv[2], sys.argv[3]
r = json.load(open(os.path.join(work, "out", "report.json")))
meta = json.load(open(os.path.join(work, "meta.json")))
rows, bad = [], 0
for x in sorted(r["models"], key=lambda x: (meta[x["name"]]["view"], x["name"])):
    mm = meta[x["name"]]
    same = "same" if x["ok"] else "**differs**"
    if not x["ok"]: bad += 1
    wv = f'{mm["withView"]:,}' if mm["withView"] else "—"
    nv = f'{x["distinct"]:,}' if x.get("distinct") else ("folded" if x.get("foldedInto") else "—")
    rows.append(f'| `{x["name"]}` | {mm["view"]} | {x["expected"]} | {x["verdict"]} | {same} | {wv} | {nv} | {x["seconds"] if x.get("seconds") is not None else "—"} |')
lines = [
    "# Every VIEW checked against its models",
    "",
    "<!-- Written by bench/view-drop.sh; do not edit by hand. -->",
    "",
    f"Command: `bench/view-drop.sh --max-seconds {limit} --out docs/benchmarks/view-drop.md` on "
    f"{datetime.date.today().isoformat()} (2 cores). Every exhaustive model whose cfg has a VIEW and whose recorded run took",
    f"at most {limit} s ran once more with the VIEW line removed: its verdict without the VIEW is compared with the",
    "manifest's expectation, which CI checks with the VIEW. A passing model checks every invariant and property of",
    "its cfg in that run, so \"same\" on a passing row means none of them was hidden by the VIEW; on a witness row,",
    "that the witnessed state is reached both ways; on a mutant row, that the violation is found both ways.",
    "",
    f"Result: {len(rows) - bad} of {len(rows)} verdicts the same without the VIEW" + (f", **{bad} differ**." if bad else "."),
    "",
    "| model | VIEW | expected | verdict without the VIEW | | distinct states with the VIEW | without | seconds without |",
    "|---|---|---|---|---|---:|---:|---:|",
] + rows
text = "\n".join(lines) + "\n"
if out:
    open(out, "w").write(text); print(f"written: {out}")
else:
    print(text)
sys.exit(1 if bad else 0)
PY
