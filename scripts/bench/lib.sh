# Shared by the scripts in scripts/bench/ (sourced, not run).

# median VALUE... — the median of the numbers given (the mean of the middle two for an even
# count); empty arguments are skipped.
median() {
  printf '%s\n' "$@" | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
