#!/usr/bin/env bash
# Fault test of `arbiter serve` (release build): a client that sends 100 MB, one that
# never finishes its request, and 1,000 connections opened at once. After each, the
# server must still answer a rule look-up; the 100 MB body must be refused (413) and
# the unfinished request disconnected. Appends the outcome to bench/runs/serve-faults-<date>.tsv.
#   bash bench/serve-faults.sh         (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
bin=$PWD/target/release/arbiter
work=$(mktemp -d)
export ARBITER_INDEX=$work/index
port=${PORT:-18081}
cleanup() { [[ -n ${pid:-} ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
"$bin" serve --bind 127.0.0.1:$port 2> "$work/access.log" &
pid=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/revisions" > /dev/null && break; sleep 0.1; done
alive() { curl -s -o /dev/null -m 5 -w '%{http_code}' "http://127.0.0.1:$port/cr/303.4c"; }

python3 - "$port" > "$work/faults" <<'PY'
import socket, sys, time, threading, urllib.request
port = int(sys.argv[1])
def alive():
    try:
        return urllib.request.urlopen(f"http://127.0.0.1:{port}/cr/303.4c", timeout=5).status
    except Exception as e:
        return repr(e)

# 1. 100 MB to POST /check.
s = socket.create_connection(("127.0.0.1", port))
s.sendall(b"POST /check HTTP/1.1\r\nHost: x\r\nContent-Length: 104857600\r\n\r\n")
sent, chunk, reply = 0, b"a" * 65536, b""
start = time.time()
s.settimeout(10)
try:
    while sent < 104857600:
        s.sendall(chunk)
        sent += len(chunk)
except OSError:
    pass
try:
    reply = s.recv(200)
except OSError:
    pass
print(f"big_body\tstatus={reply.split(b' ')[1].decode() if reply.startswith(b'HTTP') else 'closed'}\tsent_mb={sent/1e6:.1f}\tseconds={time.time()-start:.1f}\talive_after={alive()}")
s.close()

# 2. A request that never finishes (headers never end).
s = socket.create_connection(("127.0.0.1", port))
s.sendall(b"GET /cr/303.4c HTTP/1.1\r\nHost: x\r\n")
start = time.time()
s.settimeout(60)
try:
    got = s.recv(100)
    what = "closed" if not got else got.split(b"\r\n")[0].decode()
except OSError as e:
    what = repr(e)
print(f"unfinished_request\toutcome={what}\tafter_s={time.time()-start:.1f}\talive_meanwhile={alive()}")
s.close()

# 3. 1,000 connections at once, held open, while a client asks.
held = []
for _ in range(1000):
    try:
        held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
    except OSError:
        break
time.sleep(0.5)
status = alive()
closed = 0
for c in held:
    c.setblocking(False)
    try:
        if c.recv(1) == b"":
            closed += 1
    except BlockingIOError:
        pass
    except OSError:
        closed += 1
print(f"thousand_connections\topened={len(held)}\tclosed_by_server={closed}\talive_while_held={status}")
for c in held:
    c.close()
time.sleep(0.5)
print(f"after_all\talive={alive()}")
PY
kill -TERM "$pid"; wait "$pid"; status=$?; pid=
out=bench/runs/serve-faults-$(date -u +%Y-%m-%dT%H%M).tsv
{
    printf '# arbiter serve fault test\n# date\t%s\n# machine\t%s, %s cores\n# commit\t%s\n' "$(date -u +%FT%TZ)" \
        "$(uname -srm)" "$(nproc)" "$(git rev-parse --short HEAD)$(git diff --quiet || echo -dirty)"
    cat "$work/faults"
    printf 'exit_on_sigterm\t%s\n' "$status"
} | tee "$out"
