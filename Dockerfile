# Reelhouse: the API and the web app in one image (docs/operations.md, "Containers").
# Built with `docker build -t reelhouse .`; deploy/compose.yaml runs it behind nginx with PostgreSQL and Redis.

# Build: every package (the web build needs Vite and Tailwind), then the web app and the server, then only what runs.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: the built files and production packages (native ones built above for this same image), as the `node` user.
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Uploaded images (MEDIA_DIR) and a SQLite file when DATABASE_URL is not set: the one place the app writes.
RUN mkdir -p /app/data/media && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start` without its prestart (the build is in the image): node receives SIGTERM itself and stops gracefully.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
