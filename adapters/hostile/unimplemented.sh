#!/bin/sh
# Declares registration.tokenId, then answers every request with `unimplemented`.
read -r hello; echo '{"type":"hello","protocol":"pushproof-adapter/1","name":"hostile","version":"0","operations":["registration.tokenId"],"profiles":["deployed"]}'
while read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  echo "{\"type\":\"response\",\"id\":$id,\"unimplemented\":true}"
done
