# syntax=docker/dockerfile:1
# txenrich: the HTTP service with its merchant catalog built in.
#
#   docker build -t txenrich .
#   docker run --rm -p 8080:8080 -v txenrich-data:/data txenrich
#
# Two stages: `build` installs the locked dependencies with pnpm, compiles every package and builds the
# catalog artifact (`pnpm build`), then `pnpm deploy` copies @txenrich/cli with its production
# dependencies only (workspace packages as their `files` list them: dist, and the catalog's artifact and
# icons) into /app; `runtime` is that folder on a slim Node image, run by an unprivileged user.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles its native addon when no prebuilt binary can be downloaded.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The pnpm version of package.json's "packageManager".
RUN npm install -g pnpm@10.34.9
WORKDIR /src
# Dependencies first, from the lockfile alone, so that a source change reuses this layer.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
RUN pnpm build
# --legacy: the workspace does not inject its packages (pnpm 10 asks for one or the other). The native
# addon's sources and build leftovers go (only build/Release/better_sqlite3.node is loaded), and the
# catalog artifact must be there.
RUN pnpm deploy --legacy --filter @txenrich/cli --prod /app \
  && rm -rf /app/node_modules/.pnpm/better-sqlite3@*/node_modules/better-sqlite3/deps \
    /app/node_modules/.pnpm/better-sqlite3@*/node_modules/better-sqlite3/src \
  && find /app/node_modules/.pnpm -path '*/better-sqlite3/build/*' -not -name better_sqlite3.node \
    -not -type d -delete \
  && test -f /app/node_modules/@txenrich/catalog/artifact/catalog.json
COPY docker/entrypoint.sh docker/first-config.mjs /app/docker/
COPY LICENSE NOTICE /app/

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  PORT=8080 \
  TXENRICH_CONFIG=/data/config.json \
  TXENRICH_DATA_DIR=/data
RUN groupadd --system txenrich \
  && useradd --system --gid txenrich --home-dir /data --shell /usr/sbin/nologin txenrich \
  && mkdir -p /data \
  && chown txenrich:txenrich /data \
  && chmod 0700 /data
# Owned by root, read-only to the service: only /data is written.
COPY --from=build /app /app
RUN ln -s /app/bin/txenrich.js /usr/local/bin/txenrich
USER txenrich
WORKDIR /data
# The SQLite database and, on the first start, the generated configuration (config.json).
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/app/docker/entrypoint.sh"]
CMD ["txenrich", "serve"]
