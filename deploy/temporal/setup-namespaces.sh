#!/bin/sh
# The namespaces and the custom search attributes the product needs, with the `temporal operator`
# CLI, at every deployment (what exists already is left as it is).
set -eu

tries=0
until temporal operator cluster health >/dev/null 2>&1; do
  tries=$((tries + 1))
  if [ "$tries" -ge 60 ]; then
    echo "Temporal at $TEMPORAL_ADDRESS is not serving after 2 minutes" >&2
    exit 1
  fi
  sleep 2
done

for namespace in $NAMESPACES; do
  if ! temporal operator namespace describe --namespace "$namespace" >/dev/null 2>&1; then
    # Closed workflows stay visible in the UI for 30 days; the health round trips for one.
    retention=720h
    [ "$namespace" = default ] || retention=24h
    temporal operator namespace create --namespace "$namespace" --retention "$retention"
  fi
done

# On the product's namespace (the first); an attribute that exists already is skipped by the server.
for attribute in $SEARCH_ATTRIBUTES; do
  temporal operator search-attribute create --namespace "${NAMESPACES%% *}" --name "$attribute" --type Keyword
done
