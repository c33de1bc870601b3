# The console as one image: the release host, the plugins it loads (pinned at build time), their
# remotes and the shell. Runs as an unprivileged user; its data and cache are volumes; its health
# check is the host's own readiness (`console-host probe`), so the image needs no other tool.
#
#   docker build -t device-console .
#   docker run -p 8080:8080 -p 1883:1883 -v console-data:/var/lib/device-console \
#     -e CONSOLE_ADMIN_PASSWORD='Change#Me2026' device-console
#
# `docker stop` sends SIGTERM and the host drains within CONSOLE_SHUTDOWN_GRACE_SECS (25 s); docker
# kills after 10 s unless run with `--stop-timeout 30` (Kubernetes: terminationGracePeriodSeconds).
# `make test` lints this file (hadolint).

# The shell and the remotes, built for production (Node.js 20 as the project requires).
FROM node:20.19-bookworm-slim AS web
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run build --workspaces --if-present

# The plugins and the release host; the pins are taken over the built remotes.
FROM rust:1.95-bookworm AS build
RUN rustup target add wasm32-wasip2
WORKDIR /src
COPY . .
COPY --from=web /src/shell/dist shell/dist
COPY --from=web /src/remotes remotes
RUN make plugins \
 && cargo build --release --locked -p console-host \
 && mkdir -p /opt/device-console/target/wasm32-wasip2/release \
 && cp target/release/console-host /opt/device-console/ \
 && cp target/wasm32-wasip2/release/*.wasm /opt/device-console/target/wasm32-wasip2/release/ \
 && cp plugins.toml /opt/device-console/ \
 && cp -r --parents plugins/*/plugin.toml remotes/*/dist shell/dist /opt/device-console/ \
 && /opt/device-console/console-host --plugins /opt/device-console/plugins.toml \
      --pin-plugins --pin-into /opt/device-console/plugins.pinned.toml

FROM debian:bookworm-slim
# The release tag pins the packages; Debian's security updates replace their exact versions.
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 console \
 && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/device-console console \
 && mkdir -p /var/lib/device-console /var/cache/device-console \
 && chown 10001:10001 /var/lib/device-console /var/cache/device-console
COPY --from=build /opt/device-console /opt/device-console
USER 10001:10001
WORKDIR /var/lib/device-console
ENV CONSOLE_LISTEN=0.0.0.0:8080 \
    CONSOLE_MQTT_LISTEN=0.0.0.0:1883 \
    CONSOLE_DATA_DIR=/var/lib/device-console \
    CONSOLE_DATABASE_URL=sqlite:///var/lib/device-console/console.db \
    CONSOLE_CACHE_DIR=/var/cache/device-console \
    CONSOLE_PLUGINS=/opt/device-console/plugins.pinned.toml \
    CONSOLE_SHELL_DIR=/opt/device-console/shell/dist \
    CONSOLE_LOG_FORMAT=json
VOLUME ["/var/lib/device-console", "/var/cache/device-console"]
EXPOSE 8080 1883
HEALTHCHECK --interval=10s --timeout=6s --start-period=60s --retries=3 \
  CMD ["/opt/device-console/console-host", "probe", "http://127.0.0.1:8080/readyz"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/opt/device-console/console-host"]
