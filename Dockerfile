# The Offprint image the Helm chart (deploy/helm/offprint) runs: `offprint serve-bundle` for the bundle
# servers and `offprint serve` for the feedback collector. No Chromium: the bundle server renders nothing,
# and exports render through the chart's browser pool (`--browser` / `renderBrowsers`).
# Built on a connected machine, then carried to the air-gapped registry (README: "Serving bundles in a
# cluster"). Pin the base by digest when mirroring it: node:20.18.1-bookworm-slim@sha256:<digest>.

# ---- build: compilers for the native module (better-sqlite3), dev dependencies, the TypeScript build
FROM node:20.18.1-bookworm-slim AS build
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
# Install scripts are skipped, so the fixes to dependencies in patches/ (package.json's postinstall) are
# applied here.
RUN npm ci --no-audit --no-fund --ignore-scripts && npx patch-package --error-on-fail && npm rebuild better-sqlite3
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: node, the built app and production modules only; no compiler, no npm cache, no root
FROM node:20.18.1-bookworm-slim
ENV NODE_ENV=production OFFPRINT_LOG_LEVEL=info HOME=/tmp
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/resources ./resources
# The app runs with node alone: the package managers are not needed at run time.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
  /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack
USER 10001:10001
EXPOSE 8080
ENTRYPOINT ["node", "/app/dist/server/cli/main.js"]
CMD ["serve-bundle", "--help"]
