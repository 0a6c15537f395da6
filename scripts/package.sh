#!/usr/bin/env bash
# Makes the release archive detent-VERSION-linux-ARCH.tar.gz (VERSION from `detent --version`,
# ARCH from `uname -m`): scripts/install.sh's layout (bin/, share/...) under one top folder
# detent-VERSION/, installed into a temporary prefix. Files are stored in name order, owned by
# root, dated by the last commit, so the same build gives the same archive.
# Usage: scripts/package.sh [--out DIR] (default: the current folder); DETENT_SCRATCH_PATH as for
# install.sh. Prints the archive's path and size.
set -euo pipefail

out=.
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=${2:?"--out needs a folder"}; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    -h|--help) sed -n '/^set -euo/q; 2,$p' "$0"; exit 0 ;;
    *) echo "package: unknown argument '$1' (usage: scripts/package.sh [--out DIR])" >&2; exit 2 ;;
  esac
done
out=$(realpath -m "$out")
cd "$(dirname "$0")/.."
for tool in tar:tar gzip:gzip; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || { echo "package: '${tool%%:*}' is missing (Debian: apt-get install ${tool#*:})" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scripts/install.sh --prefix "$work/stage"
version=$("$work/stage/bin/detent" --version)
mv "$work/stage" "$work/detent-$version"

mkdir -p "$out"
archive=$out/detent-$version-linux-$(uname -m).tar.gz
date=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar -C "$work" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$date" -cf - "detent-$version" |
  gzip -9n > "$archive.partial"
mv "$archive.partial" "$archive"
bytes=$(stat -c %s "$archive")
echo "$archive: $bytes bytes ($(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }') MiB)"
