#!/bin/sh
# Exits before saying hello.
echo 'not an adapter' >&2
exit 1
