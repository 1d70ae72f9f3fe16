# syntax=docker/dockerfile:1
#
# NOT BUILT HERE: the machine this was written on has the docker client but no daemon (no dockerd;
# `docker info`: cannot connect to /var/run/docker.sock), and it cannot reach an image registry
# (registry-1.docker.io does not resolve), so no image was pulled or built; the file passes
# hadolint 2.15 with no finding. The steps are the ones CI proves on every run without Docker:
# .ci/install-test.sh runs Scripts/package.sh, then installs the .deb with apt into a fresh
# debootstrap'd Debian 12 (bookworm) and runs atscheck there. Debian 12 is what both stages
# below are based on.
#
#   docker build -t atscheck .
#   docker run --rm -v "$PWD:/work" -w /work atscheck lint ios/App/Info.plist
#   docker run --rm atscheck host https://example.com/
#
# Build stage: the official Swift image on Debian 12 (tags `swift:<version>-bookworm`, e.g.
# swift:6.1-bookworm, swift:6.3-bookworm; the slim variants lack the compiler). atscheck is
# developed and tested with Swift 6.3.1; its manifest needs tools 6.0.
ARG SWIFT_IMAGE=swift:6.3-bookworm
FROM ${SWIFT_IMAGE} AS build
# Unpinned on purpose (hadolint DL3008): bookworm's point and security releases replace any pinned
# version, and these are the versions CI builds and tests with on the same day.
# hadolint ignore=DL3008
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends \
        libssl-dev libzip-dev libxml2-dev libyaml-dev libcurl4-openssl-dev libpsl-dev libicu-dev \
        pkg-config openssl ca-certificates dpkg-dev binutils git \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The release binary as the README builds it, its man pages and completions, the tarball and the
# .deb, in dist/ (without .git, SOURCE_DATE_EPOCH falls back to the build time).
ARG SOURCE_DATE_EPOCH
RUN bash Scripts/package.sh

# Runtime stage: Debian 12 slim with the package installed by apt, which pulls in its Depends
# (libssl3, libzip4, libxml2, libicu72, libcurl4, libpsl5, libyaml-0-2, ca-certificates).
FROM debian:bookworm-slim
COPY --from=build /src/dist/atscheck_*.deb /tmp/
# The .deb's Depends come with it, at the versions bookworm has (DL3008 as above); a numeric user
# (DL3066) so that a host can map it.
# hadolint ignore=DL3008
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends /tmp/atscheck_*.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/atscheck_*.deb \
    && useradd --uid 10001 --user-group --create-home --shell /usr/sbin/nologin atscheck \
    && atscheck --version
USER 10001:10001
WORKDIR /home/atscheck
ENTRYPOINT ["atscheck"]
CMD ["--help"]
