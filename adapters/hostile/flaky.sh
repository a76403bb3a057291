#!/bin/sh
# Crashes on the first request it ever sees (a marker file records it), then answers every
# request with an error, echoing the request id.
read -r hello; echo '{"type":"hello","protocol":"pushproof-adapter/1","name":"hostile","version":"0","operations":["registration.tokenId"],"profiles":["deployed"]}'
while read -r line; do
  if [ -n "$PUSHPROOF_FLAKY_MARKER" ] && [ ! -e "$PUSHPROOF_FLAKY_MARKER" ]; then : > "$PUSHPROOF_FLAKY_MARKER"; exit 7; fi
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  echo "{\"type\":\"response\",\"id\":$id,\"error\":{\"code\":\"BAD_REQUEST\"}}"
done
