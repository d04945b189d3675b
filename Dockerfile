# carcassonne-server in a container. Two stages: the build uses the project's own install
# script and release preset (the same steps CI runs), the runtime image holds only the binaries
# and the shared libraries they need, and runs as a non-root user.
#
#   docker build -t carcassonne .
#   docker run -p 8080:8080 -v carcassonne-data:/data carcassonne
FROM debian:12 AS build
WORKDIR /src
COPY deploy/install-deps.sh deploy/install-deps.sh
RUN bash deploy/install-deps.sh && rm -rf /var/lib/apt/lists/*
COPY . .
RUN cmake --workflow --preset release

FROM debian:12-slim
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends libprotobuf32 libspdlog1.10 libsqlite3-0 libpq5 libsodium23 libunistring2 libcbor0.8 libssl3 libcurl4 libdate-tz3 tzdata ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home-dir /data --shell /usr/sbin/nologin carcassonne \
 && mkdir -p /data && chown carcassonne /data
COPY --from=build /src/build/release/server/carcassonne-server /usr/local/bin/
COPY --from=build /src/build/release/clients/cli/carcassonne /usr/local/bin/
COPY --from=build /src/build/release/web /usr/local/share/carcassonne/web
USER carcassonne
VOLUME /data
# CARC_MEMORY_MAX_MIB: a ceiling the server sets on itself (RLIMIT_DATA), so that even a plain
# `docker run` without --memory cannot exhaust the host (README, "Ways to run it");
# raise it for a large server, and give the container's --memory a third more.
ENV CARC_DATA_DIR=/data CARC_BIND=0.0.0.0 CARC_PORT=8080 CARC_WEB_ROOT=/usr/local/share/carcassonne/web CARC_MEMORY_MAX_MIB=1024
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '^ok' <&3"]
ENTRYPOINT ["/usr/local/bin/carcassonne-server"]
