#!/bin/sh
# Dies on the first request, with a message on stderr.
read -r hello; echo '{"type":"hello","protocol":"pushproof-adapter/1","name":"hostile","version":"0","operations":["registration.tokenId"],"profiles":["deployed"]}'
read -r line; echo 'adapter panic: cannot handle this' >&2; exit 3
