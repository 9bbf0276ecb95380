#!/bin/sh
# The image's entrypoint. Before `txenrich serve` starts with no configuration in the data volume, it
# writes a first one (docker/first-config.mjs); then it runs the command as PID 1 (exec), so that
# `docker stop`'s SIGTERM reaches the server, which drains and exits.
set -eu
config="${TXENRICH_CONFIG:-/data/config.json}"
if [ "${1:-}" = "txenrich" ] && [ "${2:-}" = "serve" ] && [ ! -e "$config" ]; then
  node "$(dirname "$0")/first-config.mjs" "$config"
fi
exec "$@"
