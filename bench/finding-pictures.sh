#!/usr/bin/env bash
# Draws the counterexample of each finding F1–F8 (docs/findings.md) with ./pando explain, into
# docs/findings-pictures/Fn.svg and Fn.trace.txt. With --check, draws into a temporary folder and fails
# (exit 1) when a picture or step table differs from the committed one: TLC no longer prints that trace.
# About a minute on 2 cores. Needs TLA2TOOLS_JAR (or the harness's pinned download).
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "finding-pictures.sh: unknown option $1 (usage: bench/finding-pictures.sh [--check])" >&2; exit 2 ;;
esac
# Finding → the model whose counterexample is its picture.
FINDINGS=(
  "F1 Pando_M3_PaperFilter_K1_violates_ValueAgreement"
  "F2 ReconfH1_PaperQr_violates_OldClosedToNew"
  "F4 PQR_M6_ReturnPhase1Value_violates_ReadSeesCompletedWrites"
  "F5 RSPaxos_A_LamportSafeAt_not_invariant"
  "F6 PandoVersions_F6_StaleAsConflict_violates_ConflictBotMeansLost"
  "F7 AliaRoot_M1_PaperLiteral_violates_RootAgreement"
  "F8 AliaRoot_MZ_ProxyFromZero_violates_RootAgreement"
)
dest=docs/findings-pictures
out=$dest
[[ $check == 1 ]] && out="$(mktemp -d)"
status=0
for f in "${FINDINGS[@]}"; do
  set -- $f
  ./pando explain --model "$2" --out "$out/$1.svg" --trace "$out/$1.trace.txt" >/dev/null
  if [[ $check == 1 ]]; then
    for ext in svg trace.txt; do
      if ! cmp -s "$out/$1.$ext" "$dest/$1.$ext"; then echo "$1: $dest/$1.$ext differs from what TLC gives today ($2)"; status=1; fi
    done
  else
    echo "wrote $dest/$1.svg and $1.trace.txt ($2)"
  fi
done
[[ $check == 1 && $status == 0 ]] && echo "all ${#FINDINGS[@]} finding pictures are current"
exit $status
