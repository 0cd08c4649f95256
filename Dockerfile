# Wordhoard: one stateless API process serving the built SPA. Configure with the variables of
# the README (DATABASE_URL and REDIS_URL for production; see docs/deploy.md).
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The image holds the build but neither the sources nor scripts/: `npm run admin` here runs the
# compiled CLI directly (the repository's script builds first when a source changed).
RUN npm run build && npm pkg set "scripts.admin=node apps/server/dist/admin.js"

# What the server needs at run time and nothing else: its own production dependencies, without
# the web app's (React and the rest are in the built SPA already) nor any dev tool; 224 MB
# instead of 309 (decision 0083). scripts/check-image-layout.mjs replays this and the stage below.
FROM node:26-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace @wordhoard/server --include-workspace-root=false --no-audit --no-fund

FROM node:26-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database (PGlite, DATA_DIR=./data) when DATABASE_URL is unset: a volume mounted here
# starts out owned by the user the app runs as (compose.embedded.yaml).
# data/media: the media volume of compose.yaml starts owned by the node user.
RUN mkdir -p data/media && chown -R node:node data
USER node
EXPOSE 3000
# Follows PORT when it is changed at run time (docker run -e PORT=…, or an env file).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# A small young generation keeps the heap (and RSS) near what is live: ~120 MB under load
# instead of ~260 MB with V8's defaults on a large machine (docs/performance.md).
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=256", "apps/server/dist/main.js"]
