#!/usr/bin/env bash
# The fresh-machine install test: the .deb Scripts/package.sh builds, installed with apt into a
# minimal Debian stable (debootstrap --variant=minbase bookworm) that has no Swift toolchain and no
# checkout, must run there: --version, the lab (every verdict line, exit 0), lint on a copied plist
# (its documented exit statuses), the man pages and the bash completion; `apt-get purge` must
# then remove every file it installed. The tarball beside it is installed into a second fresh
# tree as its INSTALL.txt says (the Debian packages it names, `cp -R bin share /usr/local/`) and
# must run the lab too. Any failed step fails the script (and CI, which runs it after the tests:
# .ci/run).
#
# Usage (as root: debootstrap, chroot and mount need it):
#   .ci/install-test.sh            run Scripts/package.sh, then test dist/'s .deb for this version
#   .ci/install-test.sh FILE.deb   test that package (package.sh's output from an earlier step)
#
# The minbase tree is cached between runs on one machine as a tarball,
# $ATSCHECK_CI_CACHE/bookworm-minbase.tar (default /var/cache/atscheck-ci), made again when it is
# older than 14 days (ATSCHECK_CI_CACHE_DAYS); the mirror is $DEBIAN_MIRROR
# (default http://deb.debian.org/debian). The chroot's /proc is mounted for the test and
# unmounted on exit, whatever happened; the tree is then deleted (never across a mount point).
# Each step prints its duration; the total is the last line.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
[ "$(id -u)" = 0 ] || { echo "install-test.sh: run as root (debootstrap, chroot, mount)" >&2; exit 2; }
for tool in debootstrap chroot mount umount flock tar; do
    command -v "$tool" >/dev/null 2>&1 || { echo "install-test.sh: missing $tool (apt-get install debootstrap)" >&2; exit 2; }
done

suite=bookworm
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
cache="${ATSCHECK_CI_CACHE:-/var/cache/atscheck-ci}"
cache_tar="$cache/$suite-minbase.tar"
cache_days="${ATSCHECK_CI_CACHE_DAYS:-14}"

step() { local start=$SECONDS; echo "== install-test: $1"; shift; "$@"; echo "== done in $((SECONDS - start)) s"; }

work="$(mktemp -d "${TMPDIR:-/tmp}/atscheck-install-test.XXXXXX")"
root="$work/root"
mounted=()
cleanup() {
    local status=$? failed=0 index
    for ((index = ${#mounted[@]} - 1; index >= 0; index--)); do
        umount "${mounted[index]}" 2>/dev/null || umount -l "${mounted[index]}" || failed=1
    done
    if [ "$failed" = 0 ] && ! grep -q " $work/" /proc/mounts; then
        rm -rf --one-file-system "$work"
    else
        echo "install-test.sh: something is still mounted under $work; left it in place" >&2
        status=1
    fi
    exit "$status"
}
trap cleanup EXIT

# --- the package
if [ $# -ge 1 ]; then
    deb="$1"
else
    step "Scripts/package.sh" bash Scripts/package.sh
    deb="$(ls -t dist/atscheck_*.deb | head -n 1)"
fi
[ -f "$deb" ] || { echo "install-test.sh: no package $deb" >&2; exit 1; }
echo "install-test.sh: testing $deb ($(du -h "$deb" | cut -f1))"

# --- a fresh Debian tree: from the cache, else debootstrap (and cache it)
make_cache() {
    mkdir -p "$cache"
    local fresh="$work/debootstrap"
    debootstrap --variant=minbase "$suite" "$fresh" "$mirror"
    # No package cache in the tarball: every run downloads what it installs.
    rm -rf "$fresh"/var/cache/apt/archives/*.deb "$fresh"/var/lib/apt/lists/*
    tar --numeric-owner -C "$fresh" -cf "$cache_tar.new" .
    mv "$cache_tar.new" "$cache_tar"
    rm -rf --one-file-system "$fresh"
}
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
if [ -f "$cache_tar" ] && [ -n "$(find "$cache_tar" -mtime "-$cache_days")" ]; then
    echo "install-test.sh: minbase tree from $cache_tar"
else
    step "debootstrap --variant=minbase $suite ($mirror)" make_cache
fi
# A fresh tree from the cached minbase tarball, with what it needs from outside: name
# resolution, /proc, apt's sources, no service starts.
fresh_tree() {
    local tree="$1"
    mkdir -p "$tree"
    tar --numeric-owner -C "$tree" -xf "$cache_tar"
    cp /etc/resolv.conf "$tree/etc/resolv.conf"
    printf '#!/bin/sh\nexit 101\n' > "$tree/usr/sbin/policy-rc.d"
    chmod +x "$tree/usr/sbin/policy-rc.d"
    cat > "$tree/etc/apt/sources.list" <<EOF
deb $mirror $suite main
deb $mirror $suite-updates main
deb http://deb.debian.org/debian-security $suite-security main
EOF
    mount -t proc proc "$tree/proc"
    mounted+=("$tree/proc")
    mkdir -p "$tree/work"
}
step "unpack the minbase tree" fresh_tree "$root"
flock -u 9

cp "$deb" "$root/work/"
cp Policies/strict-default.plist "$root/work/strict-default.plist"
cp Policies/fixtures/invalid-tls-version.plist "$root/work/invalid-tls-version.plist"

inside() {
    chroot "${tree_in_use:-$root}" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        TERM=dumb DEBIAN_FRONTEND=noninteractive "$@"
}
install_package() {
    inside apt-get update -qq
    # man-db renders the pages; it is not part of minbase (nor needed by atscheck).
    inside sh -c 'cd /work && apt-get install -y -qq --no-install-recommends ./atscheck_*.deb man-db'
}
step "apt-get install ./$(basename "$deb") man-db" install_package

check() { echo "-- $1"; }
run_checks() {
    check "no Swift toolchain, no checkout"
    if inside sh -c 'command -v swift || command -v swiftc || ls -d /work/Package.swift /work/Sources' 2>/dev/null; then
        echo "install-test.sh: the chroot has a Swift toolchain or a checkout" >&2; return 1
    fi
    inside dpkg -s atscheck | sed -n 's/^\(Version\|Depends\): /  \1: /p'

    check "atscheck --version"
    local version
    version="$(inside atscheck --version)"
    echo "$version"
    grep -q '^atscheck [0-9]' <<<"$version"

    check "atscheck lab: exit 0 and one verdict line per server"
    local out status=0
    out="$(inside atscheck lab)" || status=$?
    echo "$out" | sed -n '/^verdicts/,$p'
    [ "$status" = 0 ] || { echo "install-test.sh: atscheck lab exited $status" >&2; return 1; }
    local servers verdicts
    servers="$(sed -n 's/^atscheck lab: \([0-9][0-9]*\) servers on .*/\1/p' <<<"$out")"
    verdicts="$(sed -n '/^verdicts/,$p' <<<"$out" | grep -cE '^  [a-z0-9-]+ +(ALLOWED|BLOCKED|UNKNOWN)( |$)')"
    [ -n "$servers" ] && [ "$servers" -ge 30 ] && [ "$verdicts" = "$servers" ] || {
        echo "install-test.sh: $servers servers but $verdicts verdict lines" >&2; return 1; }
    grep -qE '^  good-rsa +ALLOWED$' <<<"$out"
    grep -qE '^  tls10-only +BLOCKED +tls-version-too-low$' <<<"$out"
    grep -qE '^  expired +BLOCKED +cert-expired$' <<<"$out"
    echo "  $verdicts verdicts for $servers servers"

    check "atscheck lint: 0 on a clean plist, 1 on an error finding (README, Exit codes)"
    inside atscheck lint /work/strict-default.plist
    status=0
    out="$(inside atscheck lint /work/invalid-tls-version.plist)" || status=$?
    tail -n 1 <<<"$out"
    [ "$status" = 1 ] || { echo "install-test.sh: lint of a plist with errors exited $status, not 1" >&2; return 1; }
    grep -q 'error: .*\[invalid-tls-version\]' <<<"$out"

    check "man atscheck renders"
    local page
    page="$(inside man -P cat atscheck 2>&1)"
    head -n 5 <<<"$page"
    grep -q 'NAME' <<<"$page" && grep -q 'atscheck' <<<"$page"
    inside man -w atscheck-lint

    check "bash completion loads"
    inside bash -c 'source /usr/share/bash-completion/completions/atscheck; complete -p atscheck'
    inside test -s /usr/share/zsh/vendor-completions/_atscheck
    inside test -s /usr/share/fish/vendor_completions.d/atscheck.fish
    inside test -s /usr/share/doc/atscheck/copyright
}
step "checks inside the chroot" run_checks

check_purge() {
    check "apt-get purge atscheck leaves none of its files"
    # The package's files (dpkg -L lists its directories too, which other packages share).
    local files=() file
    while read -r file; do
        if [ -f "$root$file" ] || [ -L "$root$file" ]; then files+=("$file"); fi
    done < <(inside dpkg -L atscheck)
    [ "${#files[@]}" -ge 20 ] || { echo "install-test.sh: dpkg -L lists only ${#files[@]} files" >&2; return 1; }
    # apt wants a pty for its log (no /dev/pts in the chroot): it says so on stderr, harmlessly.
    inside apt-get purge -y -qq atscheck >/dev/null 2>&1
    local left=0
    for file in "${files[@]}"; do
        if [ -e "$root$file" ] || [ -L "$root$file" ]; then echo "install-test.sh: $file is left after purge" >&2; left=1; fi
    done
    [ "$left" = 0 ]
    inside sh -c '! command -v atscheck'
    echo "  ${#files[@]} files removed"
}
step "purge" check_purge

# --- the tarball, in a second fresh tree: the packages its INSTALL.txt names, then
# `cp -R bin share /usr/local/` as it says.
tarball="$(dirname "$deb")/$(basename "$deb" | sed -E 's/^atscheck_([^_]+)_.*/atscheck-\1/' | tr '~' '-')-linux-$(uname -m).tar.gz"
if [ -f "$tarball" ]; then
    tar_root="$work/tar-root"
    step "unpack the minbase tree again" fresh_tree "$tar_root"
    tar -C "$tar_root/work" -xzf "$tarball"
    unpacked="$(basename "$tarball" .tar.gz)"
    install_tarball() {
        local packages
        packages="$(sed -n 's/^Debian 12 packages: //p' "$tar_root/work/$unpacked/INSTALL.txt")"
        [ -n "$packages" ] || { echo "install-test.sh: INSTALL.txt names no Debian packages" >&2; return 1; }
        echo "  packages: $packages"
        tree_in_use="$tar_root" inside apt-get update -qq
        # shellcheck disable=SC2086
        tree_in_use="$tar_root" inside apt-get install -y -qq --no-install-recommends $packages >/dev/null
        tree_in_use="$tar_root" inside sh -c "cd /work/$unpacked && cp -R bin share /usr/local/"
    }
    step "install the tarball as its INSTALL.txt says" install_tarball
    check_tarball() {
        local tree_in_use="$tar_root" out status=0 verdicts
        check "tarball: the licences and notices are in it"
        for file in LICENSE NOTICE THIRD_PARTY.md README.md INSTALL.txt; do
            [ -s "$tar_root/work/$unpacked/$file" ] || { echo "install-test.sh: the tarball has no $file" >&2; return 1; }
        done
        check "tarball: atscheck --version and the lab"
        inside atscheck --version
        out="$(inside atscheck lab)" || status=$?
        [ "$status" = 0 ] || { echo "install-test.sh: the tarball's atscheck lab exited $status" >&2; return 1; }
        verdicts="$(sed -n '/^verdicts/,$p' <<<"$out" | grep -cE '^  [a-z0-9-]+ +(ALLOWED|BLOCKED|UNKNOWN)( |$)')"
        grep -qE '^  tls10-only +BLOCKED +tls-version-too-low$' <<<"$out"
        echo "  $verdicts verdict lines"
        check "tarball: man pages and completions where a /usr/local prefix puts them"
        inside test -s /usr/local/share/man/man1/atscheck.1
        inside test -s /usr/local/share/man/man1/atscheck-lint.1
        inside test -s /usr/local/share/bash-completion/completions/atscheck
        inside bash -c 'source /usr/local/share/bash-completion/completions/atscheck; complete -p atscheck'
    }
    step "checks of the tarball install" check_tarball
else
    echo "install-test.sh: no tarball beside $deb ($tarball): only the .deb was tested" >&2
    exit 1
fi

echo "install-test.sh: passed in $((SECONDS - started)) s"
