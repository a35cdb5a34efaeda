#!/usr/bin/env bash
# Load test of `arbiter serve` (release build) on loopback with wrk: 64 connections,
# 2 threads, rule look-ups (`/cr/{rule}` over a list of real rule numbers) and searches
# (`/search?q=…` over a list of questions), DURATION seconds each (default 15), then the
# server's peak memory (VmHWM). Goals: rule look-ups >= 5,000 req/s, searches >= 300/s,
# p99 < 50 ms, memory < 300 MB, no errors. Writes bench/runs/serve-<date>.tsv.
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
cargo build --release --locked --quiet
bin=$PWD/target/release/arbiter
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
summary='done = function(summary, latency, requests)
  io.write(string.format("RESULT\t%.1f\t%.2f\t%.2f\t%d\t%d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end'
echo "$summary" >> "$work/rules.lua"
echo "$summary" >> "$work/search.lua"

run() { wrk -t2 -c64 -d"${duration}s" --latency -s "$work/$1.lua" "http://127.0.0.1:$port" | tee "$work/$1.out" | grep -E "Requests/sec|99%" >&2; grep RESULT "$work/$1.out" | cut -f2-; }
rules=$(run rules)
search=$(run search)
hwm=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
kill -TERM "$pid"; wait "$pid"; status=$?; pid=

out=bench/runs/serve-$(date -u +%Y-%m-%dT%H%M).tsv
{
    printf '# arbiter serve under wrk: %s s per load, 64 connections, 2 threads, loopback\n' "$duration"
    printf '# date\t%s\n# machine\t%s, %s cores, %s\n# commit\t%s\n' "$(date -u +%FT%TZ)" "$(uname -srm)" "$(nproc)" \
        "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" "$(git rev-parse --short HEAD)$(git diff --quiet || echo -dirty)"
    printf '# load average at the end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf 'load\treq_per_s\tp50_ms\tp99_ms\tsocket_errors\tnon_2xx\n'
    printf 'rule\t%s\nsearch\t%s\n' "$rules" "$search"
    printf 'peak_memory_mb\t%s\n' "$((hwm / 1024))"
    printf 'exit_on_sigterm\t%s\n' "$status"
} | tee "$out"
