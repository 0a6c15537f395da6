# Shared by the scripts in scripts/bench/ (sourced, not run).

# median VALUE... — the median of the numbers given (the mean of the middle two for an even
# count); empty arguments are skipped.
median() {
  printf '%s\n' "$@" | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# need COMMAND PACKAGE... — stops with the Debian package to install when a tool the benchmark
# compares against or measures with is missing (scripts/setup.sh installs only what the tests use).
need() {
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "$(basename "$0"): needs $1 (apt-get install -y ${*:2})" >&2
  exit 2
}
