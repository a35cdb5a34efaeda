#!/usr/bin/env bash
# Load test of `arbiter serve` (release build) on loopback with wrk: 64 connections,
# 2 threads, rule look-ups (`/cr/{rule}` over a list of real rule numbers), searches
# (`/search?q=…` over a list of 12 questions) and varied searches (`how does X work` for
# each of the revision's ~260 titled rules, so most of what a search reads is new to the
# server at first) and distinct searches (`how does X work with Y` over pairs of those
# titles, each wrk thread its own pairs: no question is asked twice in a run, so the
# server's kept answers never answer one; the search and varied loads, which repeat
# their questions, are answered from those after the first round), DURATION seconds each
# (default 15), then the server's peak memory (VmHWM). Goals: rule look-ups >= 5,000
# req/s, searches >= 300/s, p99 < 50 ms, memory < 300 MB, no errors. Writes
# bench/runs/serve-<date>.tsv. BENCH_NOTE, when set, is written in the run file's head.
#   bash bench/serve.sh                (from the repository root; needs wrk and the corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${ARBITER_CORPUS:-}"
for dir in ../shared/corpus ../../shared/corpus; do
    [[ -z $corpus && -d $dir ]] && corpus=$dir
done
[[ -n $corpus && -f $corpus/MANIFEST.tsv ]] || { echo "bench/serve.sh: no corpus; nothing to measure" >&2; exit 1; }
command -v wrk >/dev/null || { echo "bench/serve.sh: wrk is needed (apt-get install wrk)" >&2; exit 1; }
duration=${DURATION:-15}
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
# ARBITER_BIN measures another build (say, target/debug/arbiter); the run file says which.
if [[ -n ${ARBITER_BIN:-} ]]; then bin=$ARBITER_BIN; else
    cargo build --release --locked --quiet
    bin=$PWD/target/release/arbiter
fi
work=$(mktemp -d)
export ARBITER_INDEX=$work/index
port=${PORT:-18080}
cleanup() { [[ -n ${pid:-} ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

"$bin" ingest "$corpus"/cr-2025-11-14.txt "$corpus"/cr-2026-01-16.txt > /dev/null
"$bin" serve --bind 127.0.0.1:$port 2> "$work/access.log" &
pid=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/revisions" > /dev/null && break; sleep 0.1; done

# The numbers and questions the load cycles through.
cat > "$work/rules.lua" <<'LUA'
local numbers = {"100.1", "303.4c", "704.5j", "702.19b", "601.2f", "510.1c", "613.1d", "116.2a",
  "702.3", "701.3", "120.3e", "305.2", "608.2b", "117.3a", "205.3g", "903.9a", "104.3a", "302.6"}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", "/cr/" .. numbers[(i % #numbers) + 1])
end
LUA
cat > "$work/search.lua" <<'LUA'
local questions = {"legend+rule", "can+I+equip+an+opponent%27s+creature", "deathtouch+trample",
  "first+strike+damage+step", "how+many+lands+can+I+play", "mulligan", "counter+target+spell",
  "state-based+actions+poison", "copy+of+a+spell", "protection+from+white", "hexproof", "cascade"}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", "/search?q=" .. questions[(i % #questions) + 1])
end
LUA
# Varied questions: one per titled rule of the revision (`702.19. Trample`).
{
    echo 'local questions = {'
    tr '\r' '\n' < "$corpus"/cr-2026-01-16.txt | grep -E "^[0-9]{3}\.[0-9]+\. [A-Z][A-Za-z ,'-]{2,40}$" |
        sed -E 's/^[0-9.]+ //' | sort -u | sed -E "s/'/%27/g; s/ /+/g; s/^(.*)$/  \"how+does+\1+work\",/"
    echo '}'
    cat <<'LUA'
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", "/search?q=" .. questions[(i % #questions) + 1])
end
LUA
} > "$work/varied.lua"
summary='done = function(summary, latency, requests)
  io.write(string.format("RESULT\t%.1f\t%.2f\t%.2f\t%d\t%d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end'
# Distinct questions: pairs of the titles above, thread `id` (1, 2) taking every other
# pair, so no question repeats while fewer than titles² are asked.
{
    sed -n '1,/^}/p' "$work/varied.lua" | sed -E 's/"how\+does\+(.*)\+work",/"\1",/'
    cat <<'LUA'
local i = 0
setup_id = 1
setup = function(thread)
  thread:set("id", setup_id)
  setup_id = setup_id + 1
end
request = function()
  local k = i * 2 + (id - 1)
  i = i + 1
  local a = questions[(k % #questions) + 1]
  local b = questions[(math.floor(k / #questions) % #questions) + 1]
  return wrk.format("GET", "/search?q=how+does+" .. a .. "+work+with+" .. b)
end
LUA
} > "$work/distinct.lua"
echo "$summary" >> "$work/rules.lua"
echo "$summary" >> "$work/search.lua"
echo "$summary" >> "$work/varied.lua"
echo "$summary" >> "$work/distinct.lua"

run() { wrk -t2 -c64 -d"${duration}s" --latency -s "$work/$1.lua" "http://127.0.0.1:$port" | tee "$work/$1.out" | grep -E "Requests/sec|99%" >&2; grep RESULT "$work/$1.out" | cut -f2-; }
rules=$(run rules)
search=$(run search)
varied=$(run varied)
distinct=$(run distinct)
hwm=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
kill -TERM "$pid"; status=0; wait "$pid" || status=$?; pid=

out=bench/runs/serve-$(date -u +%Y-%m-%dT%H%M).tsv
{
    printf '# arbiter serve under wrk: %s s per load, 64 connections, 2 threads, loopback\n' "$duration"
    printf '# date\t%s\n# machine\t%s, %s cores, %s\n# commit\t%s\n' "$(date -u +%FT%TZ)" "$(uname -srm)" "$(nproc)" \
        "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" "$(git rev-parse --short HEAD)$(git diff --quiet || echo -dirty)"
    printf '# binary\t%s\n' "$bin"
    [[ -n ${BENCH_NOTE:-} ]] && printf '# note\t%s\n' "$BENCH_NOTE"
    printf '# load average at the start\t%s\n' "$load_start"
    printf '# load average at the end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf 'load\treq_per_s\tp50_ms\tp99_ms\tsocket_errors\tnon_2xx\n'
    printf 'rule\t%s\nsearch\t%s\nvaried_search\t%s\ndistinct_search\t%s\n' "$rules" "$search" "$varied" "$distinct"
    printf 'peak_memory_mb\t%s\n' "$((hwm / 1024))"
    printf 'exit_on_sigterm\t%s\n' "$status"
} | tee "$out"
