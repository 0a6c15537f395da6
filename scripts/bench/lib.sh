# Shared by the scripts in scripts/bench/ (sourced, not run).

# median VALUE... — the median of the numbers given (the mean of the middle two for an even
# count); empty arguments are skipped.
median() {
  printf '%s\n' "$@" | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# minimum VALUE... — the smallest of the numbers given.
minimum() { printf '%s\n' "$@" | grep . | sort -g | head -1; }

# trivial_specs DIR N — N spec files of one passing test each in DIR/many, and one file of N
# such tests in DIR/one: the pair whose difference is a spec file's own cost (issue 16 §3).
trivial_specs() {
  local dir=$1 n=$2 i
  mkdir -p "$dir/many" "$dir/one"
  {
    echo 'describe("one file", function()'
    for i in $(seq "$n"); do
      printf 'describe("f%d", function()\n  it("passes", function() assert.is_true(true) end)\nend)\n' "$i" > "$dir/many/f${i}_spec.lua"
      printf '  it("passes %d", function() assert.is_true(true) end)\n' "$i"
    done
    echo 'end)'
  } > "$dir/one/all_spec.lua"
}

# need COMMAND PACKAGE... — stops with the Debian package to install when a tool the benchmark
# compares against or measures with is missing (scripts/setup.sh installs only what the tests use).
need() {
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "$(basename "$0"): needs $1 (apt-get install -y ${*:2})" >&2
  exit 2
}
