# The production image: the compiled api (default command), worker and migrations, one image.
#   docker build -t rushflow .
#   docker run -p 3000:3000 --env-file … rushflow                          # the api
#   docker run --no-healthcheck --env-file … rushflow node dist/activities/worker.js
#   docker run --no-healthcheck --env-file … rushflow node dist/db/migrate.js up   # before a release
# A stop sends SIGTERM: the api drains for SHUTDOWN_DRAIN_SECONDS (10), the worker lets its
# activities finish for WORKER_SHUTDOWN_GRACE_SECONDS (30), so give the worker a longer stop
# timeout than Docker's 10 s (`docker stop -t 40`, compose `stop_grace_period: 40s`).
# The base images are arguments so that a machine without Docker Hub can pass its own (same Debian
# release, Node 26 as /usr/local/bin/node, with npm).
ARG BUILD_IMAGE=node:26-bookworm
ARG RUNTIME_IMAGE=node:26-bookworm-slim

FROM ${BUILD_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Production dependencies only, installed on the runtime's own base (same libc for native modules).
# The Temporal SDK's native library comes for five platforms and with its Rust sources: only this
# platform's library is kept (about 120 MB less).
FROM ${RUNTIME_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev \
  && npm cache clean --force \
  && find node_modules/@temporalio/core-bridge/releases -mindepth 1 -maxdepth 1 \
    ! -name "$(uname -m)-unknown-linux-gnu" -exec rm -rf {} + \
  && rm -rf node_modules/@temporalio/core-bridge/sdk-core

FROM ${RUNTIME_IMAGE}
# ffmpeg and ffprobe for the rushes' analysis and the versions' previews; DejaVu for their watermark.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system rushflow \
  && useradd --system --gid rushflow --home-dir /app --no-create-home rushflow
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY package.json ./
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/frontend/dist frontend/dist
USER rushflow
EXPOSE 3000
# Slim has no curl: Node's fetch. 503 when a component the api depends on is down (GET /api/health).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/api/server.js"]
