#!/bin/sh
# Answers the hello, then never answers a request.
read -r hello; echo '{"type":"hello","protocol":"pushproof-adapter/1","name":"hostile","version":"0","operations":["registration.tokenId"],"profiles":["deployed"]}'
while read -r line; do sleep 600; done
