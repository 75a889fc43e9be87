# Rin Khata: the whole server in one image. `docker run -p 3000:3000 -v rin:/data IMAGE` is the
# entire set-up; see README "Self-hosting". Without a Docker engine, `npm run docker:replay`
# replays these steps (scripts/docker-replay.ts), so keep every RUN line runnable by sh.

# --- build: dev dependencies, the compiler for better-sqlite3, the app and server bundles ----
FROM node:20.20.2-bookworm-slim AS build
# better-sqlite3 compiles its native addon when no prebuilt binary fits the platform.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# node-gyp compiles the addon's sources on every core rather than one.
ENV JOBS=max
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# `npm run build`: the app (dist/, with .br/.gz beside each file) and the server as plain
# JavaScript (dist-server/). Prune after building: the compiled addon stays, the dev tools go,
# tsx and esbuild among them (except Vitest and Vite, which npm keeps because better-auth names
# Vitest as an optional peer: about 17 MB).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: production dependencies only, no compiler, not root --------------------------
FROM node:20.20.2-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data DIST_DIR=/app/dist
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The server and `npm run backup` / `npm run restore` (see README), bundled: no TypeScript at
# run time.
COPY --from=build /app/dist-server ./dist-server
RUN mkdir -p /data && chown node:node /data
USER node
# SQLite databases and the generated auth secret (unused when DATABASE_URL is set).
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist-server/index.js"]
