#!/bin/sh
# Writes a fresh secrets file (default: deploy/env/secrets.env) from env/secrets.env.example: a new
# random value for every generated secret, the agency's settings left empty to fill in. Refuses to
# overwrite a file: the databases keep the passwords they were created with.
#
#   deploy/make-secrets.sh [FILE]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
target=${1:-$here/env/secrets.env}

# Secrets: 40 letters and digits (about 238 bits; the api refuses fewer than 32 bytes, MinIO more
# than 40 characters). Access key ids: 20 characters, as AWS's.
GENERATED='POSTGRES_PASSWORD RUSHFLOW_DB_PASSWORD TEMPORAL_DB_PASSWORD TEMPORAL_VISIBILITY_DB_PASSWORD
KEYCLOAK_DB_PASSWORD KEYCLOAK_ADMIN_PASSWORD KEYCLOAK_API_CLIENT_SECRET TEMPORAL_UI_CLIENT_SECRET
PAGE_SESSION_SECRET MINIO_ROOT_PASSWORD S3_SECRET_ACCESS_KEY METRICS_TOKEN GRAFANA_ADMIN_PASSWORD
GRAFANA_CLIENT_SECRET'
ACCESS_KEYS='MINIO_ROOT_USER S3_ACCESS_KEY_ID'

secret() {
  value=''
  while [ ${#value} -lt 40 ]; do
    value=$value$(openssl rand -base64 48 | tr -d '/+=\n')
  done
  printf '%s' "$value" | cut -c1-40
}

access_key() {
  openssl rand -hex 10 | tr 'a-f' 'A-F'
}

listed() {
  for item in $2; do [ "$item" = "$1" ] && return 0; done
  return 1
}

if [ -e "$target" ]; then
  echo "$target exists: keep it, or move it away first (the databases keep their first passwords)." >&2
  exit 1
fi

umask 077
tmp=$(mktemp "$target.XXXXXX")
while IFS= read -r line; do
  name=${line%%=*}
  if [ "$line" = "$name=" ] && listed "$name" "$GENERATED"; then
    echo "$name=$(secret)"
  elif [ "$line" = "$name=" ] && listed "$name" "$ACCESS_KEYS"; then
    echo "$name=$(access_key)"
  else
    echo "$line"
  fi
done <"$here/env/secrets.env.example" >"$tmp"
mv "$tmp" "$target"

echo "Wrote $target. Fill in its empty values (domain, SMTP relay, Stripe live keys), then see docs/deploy.md."
