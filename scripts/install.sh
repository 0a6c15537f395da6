#!/usr/bin/env bash
# Builds the release `detent` and installs it under PREFIX (default /usr/local):
#   bin/detent
#   share/bash-completion/completions/detent, share/zsh/site-functions/_detent,
#   share/fish/vendor_completions.d/detent.fish   completions (`detent --generate-completion-script`)
#   share/man/man1/detent.1                       swift-argument-parser's generate-manual plugin
#   share/detent/types/*.lua                      LuaLS type definitions (engines.lua from the binary)
#   share/detent/examples/                        the examples the docs point to, laid out as in a project
#                                                 (`detent init --examples` copies them into one):
#     scripts/plugins/*.lua                         the bundled plugins
#     spec/plugins/*_spec.lua                       their specs (scripts/scenarios/plugins/)
#     scripts/examples/hello_world.lua              a plain script
#     examples/clients/*                            clients of `detent daemon` (docs/protocol.md)
# Lua 5.4 and libedit (with libedit's own libtinfo, libbsd and libmd) are linked from Debian's
# static archives, so the binary needs only glibc, libstdc++ and libgcc_s, which every Debian has.
# Package.swift cannot ask for that: SwiftPM puts pkg-config's `-llua5.4 -ledit` and the module
# maps' autolinked ones ahead of every linker setting, and a shared library named before an archive
# stays a DT_NEEDED entry (-Bstatic and --as-needed act only on what follows them). So the build
# gets pkg-config files whose -L, searched first, is a folder without shared libraries. Lua goes in
# as one object (all of liblua5.4.a, `ld -r`) rather than an archive: Swift's static link hides
# archives' symbols (--exclude-libs ALL), and native modules a spec requires (lpeg.so, lfs.so) take
# Lua's API from the executable; the empty liblua5.4.a there answers the autolinked -llua5.4.
# Usage: scripts/install.sh [--prefix DIR]; DETENT_SCRATCH_PATH is the build folder (default .build).
# Safe to run repeatedly: it rebuilds what changed and replaces the installed files.
set -euo pipefail

prefix=/usr/local
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=${2:?"--prefix needs a folder"}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h|--help) sed -n '/^set -euo/q; 2,$p' "$0"; exit 0 ;;
    *) echo "install: unknown argument '$1' (usage: scripts/install.sh [--prefix DIR])" >&2; exit 2 ;;
  esac
done
prefix=$(realpath -m "$prefix")
scratch=$(realpath -m "${DETENT_SCRATCH_PATH:-$(dirname "$0")/../.build}")
cd "$(dirname "$0")/.."

need() { command -v "$1" >/dev/null 2>&1 || { echo "install: '$1' is missing (Debian: apt-get install $2)" >&2; exit 1; }; }
command -v swift >/dev/null 2>&1 || { echo "install: 'swift' is missing (a Swift 6 toolchain, from swift.org: Debian has none)" >&2; exit 1; }
need pkg-config pkg-config
need ldd libc-bin
need ld binutils
need ar binutils
need nm binutils
libdir=$(pkg-config --variable=libdir lua5.4 2>/dev/null) || { echo "install: Lua 5.4 is missing (Debian: apt-get install liblua5.4-dev)" >&2; exit 1; }
archives=(liblua5.4.a:liblua5.4-dev libedit.a:libedit-dev libtinfo.a:libncurses-dev libbsd.a:libbsd-dev libmd.a:libmd-dev)
for entry in "${archives[@]}"; do
  [ -f "$libdir/${entry%%:*}" ] || { echo "install: $libdir/${entry%%:*} is missing (Debian: apt-get install ${entry#*:})" >&2; exit 1; }
done
mkdir -p "$prefix" 2>/dev/null && [ -w "$prefix" ] || { echo "install: cannot write to $prefix (run as root, or give --prefix)" >&2; exit 1; }

# The folder without shared libraries, and the pkg-config files that point the link at it.
static=$scratch/static-libs
mkdir -p "$static"
for archive in libedit.a libtinfo.a libbsd.a libmd.a; do ln -sfn "$libdir/$archive" "$static/$archive"; done
[ "$static/lua5.4.o" -nt "$libdir/liblua5.4.a" ] || ld -r --whole-archive "$libdir/liblua5.4.a" -o "$static/lua5.4.o"
rm -f "$static/liblua5.4.a" && ar rc "$static/liblua5.4.a"
printf 'Name: lua5.4\nDescription: Lua 5.4, one static object\nVersion: %s\nLibs: -L%s -l:lua5.4.o\nCflags: %s\n' \
  "$(pkg-config --modversion lua5.4)" "$static" "$(pkg-config --cflags lua5.4)" > "$static/lua5.4.pc"
printf 'Name: libedit\nDescription: libedit, static\nVersion: %s\nLibs: -L%s -ledit -ltinfo -lbsd -lmd\nCflags: %s\n' \
  "$(pkg-config --modversion libedit)" "$static" "$(pkg-config --cflags libedit)" > "$static/libedit.pc"
swiftpm=(--scratch-path "$scratch" --pkg-config-path "$static")

echo "install: building the release detent in $scratch" >&2
swift build -c release --product detent "${swiftpm[@]}"
detent=$(swift build -c release --show-bin-path "${swiftpm[@]}")/detent

# The manual page: the plugin builds every product in release, then writes detent.1 to its work folder.
manual=$scratch/plugins/GenerateManual/outputs/detent/detent.1
rm -f "$manual"
swift package "${swiftpm[@]}" generate-manual --date "$(git log -1 --format=%cs 2>/dev/null || date +%F)" >&2
grep -q '^\.Dt DETENT 1' "$manual" && grep -q '^\.Sh NAME' "$manual" || { echo "install: $manual is not an mdoc page" >&2; exit 1; }

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
for shell in bash zsh fish; do "$detent" --generate-completion-script "$shell" > "$staging/$shell"; done
cp scripts/types/detent.lua scripts/types/luassert.lua "$staging/"
"$detent" api --types scripts/types/engines.lua --output "$staging/engines.lua"

# Checked after the plugin, whose build of every product could have relinked detent.
if ldd "$detent" | grep -E 'lib(lua|edit|tinfo|bsd|md)[.-]'; then
  echo "install: $detent loads the libraries above dynamically" >&2; exit 1
fi
nm -D --defined-only "$detent" | grep ' lua_gettop$' >/dev/null || { echo "install: $detent does not export Lua's API" >&2; exit 1; }
install -D -m 755 "$detent" "$prefix/bin/detent"
install -D -m 644 "$staging/bash" "$prefix/share/bash-completion/completions/detent"
install -D -m 644 "$staging/zsh" "$prefix/share/zsh/site-functions/_detent"
install -D -m 644 "$staging/fish" "$prefix/share/fish/vendor_completions.d/detent.fish"
install -D -m 644 "$manual" "$prefix/share/man/man1/detent.1"
for file in detent.lua engines.lua luassert.lua; do install -D -m 644 "$staging/$file" "$prefix/share/detent/types/$file"; done
# The examples: replaced as a whole, so one removed from the repository goes from the prefix too.
examples=$prefix/share/detent/examples
rm -rf "$examples"
for file in scripts/plugins/*.lua scripts/examples/hello_world.lua; do install -D -m 644 "$file" "$examples/$file"; done
for file in scripts/scenarios/plugins/*_spec.lua; do install -D -m 644 "$file" "$examples/spec/plugins/${file##*/}"; done
for file in examples/clients/*; do install -D -m 755 "$file" "$examples/$file"; done

echo "install: installed into $prefix:"
(cd "$prefix" && find bin/detent share/bash-completion/completions/detent share/zsh/site-functions/_detent \
  share/fish/vendor_completions.d/detent.fish share/man/man1/detent.1 share/detent/types share/detent/examples -type f -printf '  %p (%s bytes)\n' | sort)
