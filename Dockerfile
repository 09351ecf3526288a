# EduHub server image: the release binary and the built web app.
FROM node:20-bookworm AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM rust:1-bookworm AS server
WORKDIR /src
COPY . .
RUN cargo build --release --bin eduhub

FROM debian:bookworm-slim
# fonts-wqy-microhei: the CJK font papers are rendered into PDF with.
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates fonts-wqy-microhei && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=server /src/target/release/eduhub /usr/local/bin/eduhub
COPY --from=web /src/web/dist /app/web/dist
ENV EDUHUB_ADDR=0.0.0.0:8080 EDUHUB_WEB_DIR=/app/web/dist EDUHUB_DATA_DIR=/app/data
EXPOSE 8080
CMD ["eduhub", "serve"]
