#!/usr/bin/env bash
# `make check`: every test, host and guest, each suite speaking TAP; ends
# with one line "N passed, N failed[, N skipped]" over all of them and
# exits non-zero when anything failed.
set -uo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
export CACHE=${CACHE:-$("$TOP/scripts/cache-dir.sh")} BUILD=${BUILD:-$TOP/build}
LOGS=$BUILD/logs
rm -rf "$LOGS"
mkdir -p "$LOGS"
suites=()

# suite NAME CMD...: run CMD, keep its TAP; a command that fails without
# reporting a failing test point becomes one.
suite() {
	local name=$1 t=$SECONDS
	shift
	"$@" > "$LOGS/$name.tap" 2>&1
	report "$name" $? $((SECONDS - t))
}

# report NAME RC SECS: print a finished suite's test points.
report() {
	local name=$1 rc=$2 log=$LOGS/$1.tap
	echo "### $name ($3 s)"
	grep -E '^(not )?ok [0-9]+' "$log"
	if [ "$rc" -ne 0 ] && ! grep -qE '^not ok [0-9]+' "$log"; then
		tail -n 30 "$log" | sed 's/^/# /'
		echo "not ok 1 - $name exited with status $rc" | tee -a "$log"
	fi
	suites+=("$log")
}

# suite_bg NAME CMD...: the same, started in the background; suite_wait
# waits for it and prints it.  The guest boots are single-threaded QEMUs
# and most host suites one compiler or test at a time: run side by side
# they keep both cores busy.
declare -A bg_pid=() bg_start=()
suite_bg() {
	local name=$1
	shift
	( "$@" > "$LOGS/$name.tap" 2>&1; echo $? > "$LOGS/$name.rc" ) &
	bg_pid[$name]=$!
	bg_start[$name]=$SECONDS
}
suite_wait() {
	wait "${bg_pid[$1]}"
	report "$1" "$(cat "$LOGS/$1.rc" 2>/dev/null || echo 1)" \
		$((SECONDS - ${bg_start[$1]}))
}

# tap_cmd NAME CMD...: a command that is itself one test point.
tap_cmd() {
	local name=$1 out
	shift
	if out=$("$@" 2>&1); then
		echo "ok 1 - $name"
	else
		printf '%s\n' "$out" | tail -n 40 | sed 's/^/# /'
		echo "not ok 1 - $name"
		return 1
	fi
}

# A build with any compiler or sparse diagnostic fails its test point.
clean_build() {
	local out
	out=$("$@" 2>&1) || { printf '%s\n' "$out"; return 1; }
	if printf '%s\n' "$out" | grep -E 'warning:|error:'; then
		return 1
	fi
}

# kernel-doc warns once per parameter, member or enum value a comment
# leaves out (the 6.1 script does not check Return: sections) and prints
# nothing for a clean file; its exit status ignores warnings, so the
# output is what decides.
kdoc_clean() {
	local out
	out=$(perl "$CACHE/linux-source/scripts/kernel-doc" -none "$@" 2>&1) &&
		[ -z "$out" ] && return 0
	printf '%s\n' "$out"
	return 1
}

cd "$TOP" || exit 1
# The builds into trees of their own run in the background while the
# module builds run here, one after the other (the debug build copies
# kernel/, which the W=1 build writes in: never both at once; sparse
# rebuilds the W=1 build's objects).  The module builds run -j2 of their
# own (env -u MAKEFLAGS: under a `make -jN check` the inherited jobserver
# makes the inner make warn).
suite_bg guest-build tap_cmd "guest tests build (aarch64, static)" \
	make --no-print-directory -j2 -C selftests
suite_bg host-build tap_cmd "host unit tests build (ASan/UBSan)" \
	make --no-print-directory -j2 -C selftests host
suite_bg hwmodel-build tap_cmd "hardware model plugin builds" \
	make --no-print-directory -C selftests/hwmodel
# armtrace's perf, host and guest (cached by its inputs: fast when warm).
suite_bg perf-build tap_cmd "perf 6.1 with the armtrace series builds (x86-64, aarch64)" \
	make --no-print-directory perf
suite kbuild-w1 tap_cmd "kernel modules build clean with W=1" \
	clean_build env -u MAKEFLAGS make --no-print-directory -j2 modules
# The debug guest kernel (cached by its config: ~13 minutes cold, nothing
# warm) and the modules against it, as clean as against Debian's: when the
# kernel is in the cache, or with ARMTRACE_DEBUG_KERNEL=1 (make
# check-debug), which builds it; its guest runs follow the same rule
# (scripts/guest-tests.sh).
case ${ARMTRACE_DEBUG_KERNEL:-auto} in
1) dbg=1 ;;
auto) dbg=0; scripts/debug-kernel.sh --cached && dbg=1 ;;
*) dbg=0 ;;
esac
if [ $dbg = 1 ]; then
	suite kbuild-debug tap_cmd "modules build clean with W=1 against the debug kernel" \
		clean_build scripts/debug-kernel.sh --modules
	# built and clean: the guest suite need not build them again
	grep -q '^ok' "$LOGS/kbuild-debug.tap" && export ARMTRACE_DEBUG_MODULES_BUILT=1
fi
suite sparse tap_cmd "sparse (C=2) reports nothing" \
	clean_build env -u MAKEFLAGS make --no-print-directory -j2 sparse
suite_wait guest-build
suite_wait host-build
suite_wait hwmodel-build
suite_wait perf-build
suite perf-build-asan tap_cmd "perf 6.1 with the armtrace series builds under ASan+UBSan" \
	make --no-print-directory perf-asan
# Everything the guest boots use is built: they run beside the host's
# remaining suites (none of which rebuilds what a boot copies).
suite_bg guest scripts/guest-tests.sh
suite checkpatch scripts/checkpatch.sh
# Register fields and the reference configuration only in include/armtrace.
suite field-scan scripts/field-scan.sh
suite kbuild-ro selftests/kbuild/run.sh
suite cache-dir scripts/cache-dir-test.sh
suite pmuv3-filter "$BUILD/host/pmuv3_filter_test"
suite brbe-map "$BUILD/host/brbe_map_test"
suite trbe-action "$BUILD/host/trbe_action_test"
suite ete-config "$BUILD/host/ete_config_test"
suite trbe-window "$BUILD/host/trbe_window_test"
suite ete-filter "$BUILD/host/ete_filter_test"
suite trbe-window-wa "$BUILD/host/trbe_window_wa_test"
suite trbe-snapshot "$BUILD/host/trbe_snapshot_test"
suite hwmodel-units make --no-print-directory -C selftests/hwmodel check
if [ -f tools-perf/Makefile ]; then
	suite tools-perf make --no-print-directory -C tools-perf check
	suite libete-kdoc tap_cmd "libete's public headers are kernel-doc clean" \
		kdoc_clean tools-perf/lib/include/ete/*.h
fi
# The perf series as upstream would take it: checkpatch on each patch
# (FILE_PATH_CHANGES asks for MAINTAINERS, which is not in the perf
# sources; the CoreSight entry already covers util/cs-etm-decoder/).
perf_series_checkpatch() {
	local p
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		"$CACHE/linux-source/scripts/checkpatch.pl" --no-tree --strict \
			--ignore FILE_PATH_CHANGES \
			--quiet - < "tools-perf/perf-patches/$p" || return 1
	done < tools-perf/perf-patches/series
}
suite perf-patches tap_cmd "perf patches pass checkpatch --strict" \
	perf_series_checkpatch
# Its decoder on corrupt, cut-short and mislabelled recordings (host),
# then again under ASan and UBSan: any report fails (perf's leaks at exit
# aside).  The guest recordings are decoded with it too (perf-truth.sh).
suite perf-badinput scripts/perf-badinput.sh
suite perf-badinput-asan env PERF="$BUILD/perf/x86_64-asan/perf" BADINPUT_QUICK=1 \
	ASAN_OPTIONS=detect_leaks=0 scripts/perf-badinput.sh
# The branch types of its ETE-synthesized branch stacks, every entry of a
# synthetic recording against binutils' disassembly.
suite perf-brtypes scripts/perf-brtypes.sh
# Its callchains and call depths against a program's known stack.
suite perf-callchain scripts/perf-callchain.sh
# Snapshot-mode files (perf record -S) cut inside their AUX records.
suite perf-snapshot scripts/perf-snapshot.sh
suite_wait guest

# Skipped debug-kernel runs are easy to miss in a count: say so.
grep -q "# SKIP the debug kernel is not in the cache" "$LOGS/guest.tap" 2>/dev/null &&
	echo "# NOTE: the debug-kernel runs were skipped (kernel not cached); make check-debug builds it (~13 min) and runs them all"
read -r pass fail skip < <(cat "${suites[@]}" | "$TOP/scripts/tap-count.sh")
if [ "$skip" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
