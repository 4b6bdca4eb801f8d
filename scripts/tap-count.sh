#!/usr/bin/env bash
# Count TAP test points in the files given (or stdin): prints "P F S".
# A test point is a line "ok N ..." or "not ok N ..." (leading "# " from
# nested kselftest output is not a test point); "# SKIP" marks a skip.
awk '
/^not ok [0-9]+/ { if ($0 ~ /# *SKIP/) s++; else f++; next }
/^ok [0-9]+/     { if ($0 ~ /# *SKIP/) s++; else p++; next }
END { printf "%d %d %d\n", p, f, s }' "$@"
