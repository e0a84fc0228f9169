#!/bin/sh
# Run once by the postgres image, on an empty data directory: one role and one database per user
# of the server, each role owning its database and nothing else. Passwords come from the
# container's environment (deploy/env/secrets.env), never from this file.
set -eu

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v rushflow_password="$RUSHFLOW_DB_PASSWORD" \
  -v temporal_password="$TEMPORAL_DB_PASSWORD" \
  -v temporal_visibility_password="$TEMPORAL_VISIBILITY_DB_PASSWORD" \
  -v keycloak_password="$KEYCLOAK_DB_PASSWORD" <<'SQL'
CREATE ROLE rushflow LOGIN PASSWORD :'rushflow_password';
CREATE DATABASE rushflow OWNER rushflow;
CREATE ROLE temporal LOGIN PASSWORD :'temporal_password';
CREATE DATABASE temporal OWNER temporal;
CREATE ROLE temporal_visibility LOGIN PASSWORD :'temporal_visibility_password';
CREATE DATABASE temporal_visibility OWNER temporal_visibility;
CREATE ROLE keycloak LOGIN PASSWORD :'keycloak_password';
CREATE DATABASE keycloak OWNER keycloak;
SQL
