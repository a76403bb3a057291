#!/bin/sh
# Answers with a 2 MB line.
read -r hello; echo '{"type":"hello","protocol":"pushproof-adapter/1","name":"hostile","version":"0","operations":["registration.tokenId"],"profiles":["deployed"]}'
while read -r line; do head -c 2000000 /dev/zero | tr '\0' 'a'; echo; done
