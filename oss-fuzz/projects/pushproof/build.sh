#!/bin/bash -eu
# OSS-Fuzz's entry point: the build lives in the repository, shared with ClusterFuzzLite.
exec "$SRC/pushproof/.clusterfuzzlite/build.sh"
