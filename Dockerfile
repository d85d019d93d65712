# syntax=docker/dockerfile:1
# The app's production image (docs/operations.md): built in one stage, installed without dev
# dependencies in another, run as the unprivileged `node` user with what `npm start` runs.
#   docker build -t svc-shopify-fulfilment .
#   docker run --env-file .env.production -p 3000:3000 svc-shopify-fulfilment
# Release step (once per deploy, before the new instances take traffic):
#   docker run --env-file .env.production svc-shopify-fulfilment npm run db:migrate
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency, then the Remix build and the bundled server (build/).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# npm install, not npm ci: npm 11 records rollup's optional platform packages for one platform
# only, and npm ci then reports the others as missing (.ci/run). The production stage has no rollup.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only, exactly as locked (postinstall generates the Prisma client).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Runtime: what `npm start` and `npm run db:migrate` read, owned by root, run as `node`.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    MIGRATE_ON_START=0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY server/unref-long-timers.cjs server/database.ts ./server/
COPY server/cli/migrate.ts ./server/cli/
USER node
EXPOSE 3000
# Liveness only; readiness (/readyz) belongs to the platform's load balancer check.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What `npm start` runs, without npm in between: npm 11 does not pass SIGTERM on to the server (it
# exits at once and leaves the server to be killed with the container), so the server could not
# drain its requests in flight (docs/operations.md).
# The serving thread's heap is capped (the job thread caps its own, server/jobs-thread-host.ts) so
# V8 collects instead of growing: the rates bench ends at 240 MiB of RSS with these flags
# (docs/benchmarks.md). Keep them equal to package.json's "start".
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=4", "build/start.js"]
