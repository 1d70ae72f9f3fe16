#!/usr/bin/env bash
# Writes snapshots of Apple's trust data from a clone of apple-oss-distributions/security_certificates
# (https://github.com/apple-oss-distributions/security_certificates), one folder per release tag:
#
#   Sources/ATSTrustData/Snapshots/<tag>/roots.pem       the preinstalled roots (certificates/roots/*), PEM, sorted by SHA-256
#   Sources/ATSTrustData/Snapshots/<tag>/roots.index.tsv per root of roots.pem, in order: the SHA-256 of its DER and its
#                                   subject hash (openssl x509 -subject_hash), for LazyRootSet's lookup by subject
#   Sources/ATSTrustData/Snapshots/<tag>/removed.tsv     the roots Apple removed (certificates/removed/*): SHA-256, the first
#                                   release whose tree has it under removed/, the subject
#   Sources/ATSTrustData/Snapshots/<tag>/log_list.json   the CT log list (certificate_transparency/log_list.json), as published
#   Sources/ATSTrustData/Snapshots/SNAPSHOTS.tsv         tag, commit date, and the SHA-256 of every file written and read
#
# then compiles the folder into Sources/ATSTrustData/EmbeddedSnapshots/ (Scripts/embed-resources.py): the
# snapshots are embedded in the module, not read from disk, so a snapshot not regenerated there is not used.
#
# Usage: Sources/ATSTrustData/snapshot.sh GIT_DIR TAG [TAG...]
#   GIT_DIR: a clone (bare or not) with the release tags, e.g. the search tool's
#   `fetch github:apple-oss-distributions/security_certificates`.
# Needs git, openssl, sha256sum and python3. Reads nothing else and touches only Sources/ATSTrustData/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 2 ] || { echo "usage: $0 GIT_DIR TAG [TAG...]" >&2; exit 2; }
git_dir="$1"; shift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
index="$here/Snapshots/SNAPSHOTS.tsv"
[ -f "$index" ] || printf 'tag\tcommit_date\tfile\tsha256\tsource\n' > "$index"

for tag in "$@"; do
  out="$here/Snapshots/$tag"
  rm -rf "$out"; mkdir -p "$out"
  date="$(git -C "$git_dir" log -1 --format=%cI "$tag")"
  # Preinstalled roots: every file under certificates/roots, DER or PEM, converted to PEM.
  : > "$work/roots.list"
  git -C "$git_dir" ls-tree -r --name-only "$tag" certificates/roots > "$work/roots.names"
  while read -r path; do
    git -C "$git_dir" show "$tag:$path" > "$work/cert"
    inform=der; [[ "$(head -c 10 "$work/cert" | tr -d '\0')" == -----BEGIN ]] && inform=pem
    # Skip what is not a certificate (some releases keep a .cvsignore there).
    openssl x509 -inform "$inform" -in "$work/cert" -noout 2>/dev/null || continue
    fingerprint="$(openssl x509 -inform "$inform" -in "$work/cert" -outform der | sha256sum | cut -d' ' -f1)"
    openssl x509 -inform "$inform" -in "$work/cert" -out "$work/$fingerprint.pem"
    printf '%s\t%s\n' "$fingerprint" "$path" >> "$work/roots.list"
  done < "$work/roots.names"
  sort "$work/roots.list" | while IFS=$'\t' read -r fingerprint path; do cat "$work/$fingerprint.pem"; done > "$out/roots.pem"
  printf 'sha256\tsubject_hash\n' > "$out/roots.index.tsv"
  sort "$work/roots.list" | while IFS=$'\t' read -r fingerprint path; do
    printf '%s\t%s\n' "$fingerprint" "$(openssl x509 -in "$work/$fingerprint.pem" -noout -subject_hash)"
  done >> "$out/roots.index.tsv"
  # Removed roots: fingerprint, the release that first lists the file under removed/, subject.
  printf 'sha256\tremoved_in\tsubject\n' > "$out/removed.tsv"
  git -C "$git_dir" ls-tree -r --name-only "$tag" certificates/removed | while read -r path; do
    git -C "$git_dir" show "$tag:$path" > "$work/cert"
    inform=der; [[ "$(head -c 10 "$work/cert" | tr -d '\0')" == -----BEGIN ]] && inform=pem
    openssl x509 -inform "$inform" -in "$work/cert" -noout 2>/dev/null || continue
    fingerprint="$(openssl x509 -inform "$inform" -in "$work/cert" -outform der | sha256sum | cut -d' ' -f1)"
    subject="$(openssl x509 -inform "$inform" -in "$work/cert" -noout -subject -nameopt RFC2253 | sed 's/^subject=//')"
    removed="$(git -C "$git_dir" log --diff-filter=A --reverse --format=%s "$tag" -- "$path" | sed -n 1p)"
    printf '%s\t%s\t%s\n' "$fingerprint" "${removed:-$tag}" "$subject"
  done | sort >> "$out/removed.tsv"
  git -C "$git_dir" show "$tag:certificate_transparency/log_list.json" > "$out/log_list.json"
  for file in roots.pem roots.index.tsv removed.tsv log_list.json; do
    printf '%s\t%s\t%s\t%s\t%s\n' "$tag" "$date" "$tag/$file" "$(sha256sum "$out/$file" | cut -d' ' -f1)" "written" >> "$index"
  done
  printf '%s\t%s\t%s\t%s\t%s\n' "$tag" "$date" "certificate_transparency/log_list.json" \
    "$(git -C "$git_dir" show "$tag:certificate_transparency/log_list.json" | sha256sum | cut -d' ' -f1)" "read" >> "$index"
  echo "$tag: $(grep -c 'BEGIN CERTIFICATE' "$out/roots.pem") roots, $(( $(wc -l < "$out/removed.tsv") - 1 )) removed, $(wc -c < "$out/log_list.json") bytes of log list"
done
python3 "$here/../../Scripts/embed-resources.py" Sources/ATSTrustData/Snapshots
