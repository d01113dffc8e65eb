#!/usr/bin/env bash
# Starts the service (npm start) on free ports and runs the contract's black-box checks against it.
# Exits non-zero if any check fails. Usage: scripts/acceptance.sh [start command, default "npm start"]
set -uo pipefail
cd "$(dirname "$0")/.."
ACC=${ACCEPTANCE_DIR:-../shared/acceptance}
START=${1:-npm start}
if [ ! -f "$ACC/conformance.mjs" ]; then
  echo "acceptance: nothing checked: the contract's black-box checks live outside this repository and are not at $ACC (set ACCEPTANCE_DIR to their folder)." >&2
  exit 1
fi

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill -- -"$p" 2>/dev/null; done; return 0; }
trap cleanup EXIT

# start ENV... : launches the service in its own process group, waits for /health, sets $url.
# (Not called through $(...): a subshell would record the pid where the cleanup trap cannot see it.)
start() {
  local port; port=$(free_port)
  env PORT="$port" HOST=127.0.0.1 "$@" setsid bash -c "$START" >"/tmp/cipher-acceptance-$port.log" 2>&1 </dev/null &
  pids+=($!)
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/api/v1/health" >/dev/null 2>&1 && { url="http://127.0.0.1:$port"; return 0; }
    sleep 0.5
  done
  echo "service did not start on port $port:" >&2; tail -n 30 "/tmp/cipher-acceptance-$port.log" >&2
  return 1
}

failed=0; passed=0
run() {
  local out summary
  out=$(node "$@" 2>&1); echo "$out"
  summary=$(printf '%s\n' "$out" | tail -n 1)
  if [[ $summary =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1])); failed=$((failed + BASH_REMATCH[2]))
  else
    echo "no summary line from $1" >&2; failed=$((failed + 1))
  fi
}

start RATE_LIMIT=1000000 || exit 1
run "$ACC/conformance.mjs" "$url"
[ -f "$ACC/pages.mjs" ] && [ "${ACCEPTANCE_PAGES:-0}" = 1 ] && run "$ACC/pages.mjs" "$url"
start RATE_LIMIT=10 RATE_LIMIT_WINDOW_S=5 || exit 1
run "$ACC/ratelimit.mjs" "$url" 10 5

echo "acceptance: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
