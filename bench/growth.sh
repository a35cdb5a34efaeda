#!/usr/bin/env bash
# The growth curves of issue #32: how the cost of `check`, `search`, `define` and `ingest`
# grows with the size of their input, at 1×, 4× and 16× (each below its limit in
# docs/limits.md, but for the refused rule, which shows what a refusal costs). A linear command takes about 4× the time of the step before; the
# figures are whole-process medians (hyperfine) and peak memory (/usr/bin/time -v).
# Prints a Markdown table; record a run under bench/runs/.
#
#   bench/growth.sh                          # builds the release binary
#   ARBITER_BIN=target/debug/arbiter bench/growth.sh
#   RUNS=5 bench/growth.sh                   # runs per point (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v hyperfine >/dev/null || { echo "bench/growth.sh: hyperfine is not installed" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "bench/growth.sh: /usr/bin/time is not installed" >&2; exit 1; }

bin=${ARBITER_BIN:-}
if [[ -z $bin ]]; then
    cargo build --release --locked --quiet
    bin=target/release/arbiter
fi
bin=$(realpath "$bin")
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ARBITER_INDEX=$work/index
export NO_COLOR=1

# check: a scenario repeating an effect on one creature (issue #32's first row).
scenario() {
    local n=$1
    printf '# %s protection effects on one creature\n\n## Game\n- players: Alice, Bob\n\n' "$n"
    printf '## Battlefield\n- keeper: Creature — Human 2/2; controller Alice\n\n## Actions\n'
    awk -v n="$n" 'BEGIN { for (i = 1; i <= n; i++) printf "%d. keeper gains protection from red until end of turn\n", i }'
    printf '\n## Expect\n- keeper is on the battlefield\n'
}

# search: a question of N words (real words of the rules, repeated).
words() {
    local n=$1
    awk -v n="$n" 'BEGIN {
        split("can I equip an opponent creature with my equipment when it has protection from artifacts", w, " ")
        for (i = 1; i <= n; i++) printf "%s%s", (i > 1 ? " " : ""), w[(i - 1) % 14 + 1]
    }'
}

# define: a term of N characters that the glossary lacks (its suggestions are searched).
term() {
    local n=$1
    awk -v n="$n" 'BEGIN { s = ""; while (length(s) < n) s = s "deathtouchx "; print substr(s, 1, n) }'
}

# ingest (refused): the corpus's newest revision whose rule 100.1 has N megabytes more of
# words (issue #32's 19 MB rule line).
revision() {
    local mb=$1 out=$2
    python3 - "$mb" "$out" "$work/base.txt" <<'EOF'
import sys
mb, out, base = int(sys.argv[1]), sys.argv[2], sys.argv[3]
text = open(base, encoding="utf-8").read()
filler = ("These Magic rules apply to any Magic game with two or more players. " * (mb * 1024 * 1024 // 68 + 1))[: mb * 1024 * 1024]
i = text.rfind("\n100.1. ")
j = text.index("\n", i + 1)
open(out, "w", encoding="utf-8").write(text[:j] + " " + filler + text[j:])
EOF
}

base_rules() {
    local corpus=
    for dir in ${ARBITER_CORPUS:-} ../shared/corpus ../../shared/corpus; do
        if [[ -n $dir && -d $dir ]]; then corpus=$dir; break; fi
    done
    if [[ -z $corpus ]]; then
        echo "bench/growth.sh: no corpus (../shared/corpus or \$ARBITER_CORPUS) for the ingest curve" >&2
        return 1
    fi
    corpus_dir=$corpus
    local newest
    newest=$(ls "$corpus"/cr-*.txt | sort | tail -1)
    cp "$newest" "$work/base.txt"
}

median_seconds() { # hyperfine's median of a command (run before each: $2), in seconds
    hyperfine -N -i --warmup 1 --runs "$runs" --prepare "${2:-true}" --export-json "$work/h.json" "$1" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/h.json"
}

peak_mb() { # peak resident memory of one run, in MB
    /usr/bin/time -f %M -o "$work/rss" sh -c "$1" >/dev/null 2>&1 || true
    tail -1 "$work/rss" | awk '{ printf "%.0f", $1 / 1024 }'
}

row() { # label, scale, command[, command run before each]
    local s m
    s=$(median_seconds "$3" "${4:-}")
    [[ -n ${4:-} ]] && sh -c "$4"
    m=$(peak_mb "$3")
    printf '| %s | %s | %s | %s |\n' "$1" "$2" "$s" "$m"
}

# search and define ask an index of the whole corpus (without one, the built-in fragments).
corpus_ok=0
if base_rules; then
    corpus_ok=1
    echo "bench/growth.sh: ingesting the corpus into $ARBITER_INDEX…" >&2
    "$bin" ingest "$corpus_dir"/cr-*.txt >/dev/null 2>&1
fi

echo "Machine: $(nproc) cores, $(uname -m); commit $(git rev-parse --short HEAD); binary $bin; $runs runs per point."
echo
echo "| command | input | median s | peak MB |"
echo "|---|---|---|---|"
for n in 500 2000 8000; do
    scenario "$n" >"$work/s-$n.md"
    row "check" "$n actions" "$bin check $work/s-$n.md --color never"
done
for n in 30 120 480; do
    row "search" "$n words" "$bin search '$(words "$n")' --limit 5 --color never"
done
for n in 2 8 32; do
    row "search --all-revisions" "$n words" "$bin search '$(words "$n")' --all-revisions --limit 5 --color never"
done
for n in 12 48 192; do
    row "define" "$n characters" "$bin define '$(term "$n")' --color never"
done
if [[ $corpus_ok == 1 ]]; then
    # Each run ingests into an empty index: the newest 1, 4 and 16 revisions.
    mapfile -t files < <(ls "$corpus_dir"/cr-*.txt | sort -r)
    for n in 1 4 16; do
        row "ingest" "$n revisions" "$bin ingest ${files[*]:0:$n} --index $work/ix" "rm -rf $work/ix"
    done
    # A revision whose rule 100.1 is N MB long: refused (docs/limits.md) once it is read.
    for mb in 1 4 16; do
        revision "$mb" "$work/r-$mb.txt"
        row "ingest (refused)" "rule of $mb MB" "$bin ingest $work/r-$mb.txt --index $work/ix" "rm -rf $work/ix"
    done
fi
