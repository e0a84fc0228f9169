#!/bin/sh
# Temporal's schemas, with Temporal's own tool, at every deployment: a new database gets the base
# schema, then every versioned step not applied yet (none when up to date). The databases and their
# owners come from postgres/init-databases.sh (create-database would need CREATEDB, which these
# roles do not have).
set -eu

export SQL_PLUGIN=postgres12 SQL_HOST=postgres SQL_PORT=5432
schemas=/etc/temporal/schema/postgresql/v12

SQL_USER=temporal SQL_PASSWORD="$TEMPORAL_DB_PASSWORD" \
  temporal-sql-tool --db temporal setup-schema -v 0.0
SQL_USER=temporal SQL_PASSWORD="$TEMPORAL_DB_PASSWORD" \
  temporal-sql-tool --db temporal update-schema -d "$schemas/temporal/versioned"

SQL_USER=temporal_visibility SQL_PASSWORD="$TEMPORAL_VISIBILITY_DB_PASSWORD" \
  temporal-sql-tool --db temporal_visibility setup-schema -v 0.0
SQL_USER=temporal_visibility SQL_PASSWORD="$TEMPORAL_VISIBILITY_DB_PASSWORD" \
  temporal-sql-tool --db temporal_visibility update-schema -d "$schemas/visibility/versioned"
