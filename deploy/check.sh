#!/usr/bin/env bash
# Checks the deployment files on a machine without Docker's compose plugin or network access to
# image registries (CI): compose.yaml and compose.embedded.yaml against the Compose Specification
# schema, plus `docker compose config` wherever the plugin is installed; deploy/Caddyfile with
# `caddy validate` for a domain and for plain HTTP (docs/deploy.md).
set -euo pipefail
cd "$(dirname "$0")/.."
compose_files=(compose.yaml compose.embedded.yaml)

if docker compose version >/dev/null 2>&1; then
  for file in "${compose_files[@]}"; do docker compose -f "$file" config --quiet; done
  echo "docker compose config: ${compose_files[*]} valid"
else
  echo "no docker compose plugin here: schema check only"
fi
# dclint bundles the Compose Specification JSON schema (and a few checks of its own; the
# style-only ones are off in deploy/dclint.json, and no-build-and-image: the app service names the
# image its build is tagged as, wordhoard:<version>; decision 0082). Pinned, not a dependency of the app.
npm exec --yes --package=dclint@3.1.0 -- dclint --config deploy/dclint.json "${compose_files[@]}"
echo "compose schema: ${compose_files[*]} valid"

if command -v caddy >/dev/null; then
  for site in words.example.com :80; do
    SITE_ADDRESS="$site" APP_SERVICE=app APP_PORT=3000 \
      caddy validate --adapter caddyfile --config deploy/Caddyfile >/dev/null 2>&1 ||
      SITE_ADDRESS="$site" APP_SERVICE=app APP_PORT=3000 caddy validate --adapter caddyfile --config deploy/Caddyfile
  done
  echo "caddy validate: deploy/Caddyfile valid"
else
  echo "caddy is not installed: deploy/Caddyfile not checked (apt-get install caddy)"
fi
