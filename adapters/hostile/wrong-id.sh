#!/bin/sh
# Answers with the id of another request.
read -r hello; echo '{"type":"hello","protocol":"pushproof-adapter/1","name":"hostile","version":"0","operations":["registration.tokenId"],"profiles":["deployed"]}'
while read -r line; do echo '{"type":"response","id":999,"output":{}}'; done
