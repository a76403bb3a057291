#!/bin/sh
# Answers every request with a line that is not JSON.
read -r hello; echo '{"type":"hello","protocol":"pushproof-adapter/1","name":"hostile","version":"0","operations":["registration.tokenId"],"profiles":["deployed"]}'
while read -r line; do echo 'this is not JSON {'; done
