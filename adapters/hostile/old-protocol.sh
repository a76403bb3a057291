#!/bin/sh
# Speaks another version of the protocol.
read -r hello; echo '{"type":"hello","protocol":"pushproof-adapter/0","name":"old","version":"0","operations":[],"profiles":[]}'
