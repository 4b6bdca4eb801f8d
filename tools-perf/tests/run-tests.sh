#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run the tools-perf host tests as one TAP stream: every test program
# (plain, then under ASan+UBSan with "[asan]" appended to each name), then a
# short libFuzzer run of each fuzz target as one test point.  Test programs
# number their own points; this script renumbers them into one sequence.
# Exits non-zero if any point fails or a program dies.
#
# Environment: O (build dir), SHARED, TESTS, FUZZERS, FUZZ_TIME (seconds);
# ETE_REQUIRE_TESTDATA=1 fails what would skip for want of $SHARED.

n=0
fail=0
skip=0

emit() {	# emit "ok"|"not ok" name
	n=$((n + 1))
	[ "$1" = ok ] || fail=$((fail + 1))
	echo "$1 $n - $2"
}

run_prog() {	# run_prog binary suffix
	out=$("$1" 2>&1)
	rc=$?
	# renumber "ok N - name" / "not ok N - name"; pass diagnostics through
	printf '%s\n' "$out" | {
		while IFS= read -r line; do
			case "$line" in
			"ok "*" - "*)
				echo "P ok ${line#* - }$2" ;;
			"not ok "*" - "*)
				echo "P not ok ${line#* - }$2" ;;
			*)	echo "D $line" ;;
			esac
		done
	} > "$O/.tap.tmp"
	points=0
	before=$fail
	while IFS= read -r line; do
		case "$line" in
		"P ok "*) emit ok "${line#P ok }"; points=$((points + 1))
		case "$line" in *"# SKIP"*) skip=$((skip + 1)) ;; esac ;;
		"P not ok "*) emit "not ok" "${line#P not ok }"
			points=$((points + 1)) ;;
		"D "*) echo "# ${line#D }" | sed 's/^# # /# /' ;;
		esac
	done < "$O/.tap.tmp"
	rm -f "$O/.tap.tmp"
	# a program that fails must have said so in a test point
	if { [ $rc -ne 0 ] && [ $fail -eq $before ]; } || [ $points -eq 0 ]; then
		emit "not ok" "$(basename "$1")$2 exits 0 with test points (rc $rc, $points points)"
	fi
}

for t in $TESTS; do
	run_prog "$O/$t" ""
done
for t in $TESTS; do
	run_prog "$O/asan/$t" " [asan]"
done

# perf-ete dump: the last line is the summary line of
# Documentation/libete.rst, all five counts; elements are decoded whenever
# there is an image (the snapshot's dumps), not without one (--raw alone)
summary_check() {	# summary_check name expected command...
	name=$1 want=$2
	shift 2
	last=$("$@" | tail -n 1)
	if [ "$last" = "$want" ]; then
		emit ok "$name"
	else
		echo "# got: $last"
		echo "# want: $want"
		emit "not ok" "$name"
	fi
}
# perf-ete refuses bad input: its exit status and its one line on stderr
refusal_check() {	# refusal_check name status message command...
	name=$1 want_rc=$2 want=$3
	shift 3
	got=$("$@" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -eq "$want_rc" ] && [ "$got" = "$want" ]; then
		emit ok "$name"
	else
		echo "# got: $rc $got"
		echo "# want: $want_rc $want"
		emit "not ok" "$name"
	fi
}
ip="$SHARED/testdata/ete/snapshots/ete_ip"
if [ ! -e "$SHARED/testdata/ete" ] && [ -z "$ETE_REQUIRE_TESTDATA" ]; then
	# third-party traces, never committed: a clone without them skips
	emit ok "perf-ete dump ete_ip # SKIP no reference traces in $SHARED/testdata/ete"
	skip=$((skip + 1))
elif [ -d "$ip" ]; then
	summary_check "perf-ete dump ete_ip summary" \
		"# bytes 578 packets 308 errors 0 elements 724 instructions 15742" \
		"$O/perf-ete" dump "$ip"
	summary_check "perf-ete dump --raw ete_ip summary (no image)" \
		"# bytes 578 packets 308 errors 0 elements 0 instructions 0" \
		"$O/perf-ete" dump --raw "$ip/session1.bin"
	# the snapshot's registers (Q, WFx: not the defaults, the model's)
	# and eight dumps given by hand: the same elements
	set -- --trcidr0 0x2801cea1 --trcidr2 0xd0001088
	for m in 0x10000:64/OTHERS_exec 0x90000:64/VAL_NON_DET_CODE_exec \
		 0x2800000:32/check_point_5_0_exec \
		 0x1a0000:32/VAL_NON_DET_CODE_exec 0x2000000:32/input_4_0_exec \
		 0x300000:32/testname_2_0_exec 0x1000000:32/code_3_0_exec \
		 0x120000:32/Root_exec; do
		set -- "$@" --image "${m%%:*}:$ip/bindir_${m#*:}"
	done
	summary_check "perf-ete dump --raw --image ete_ip summary" \
		"# bytes 578 packets 308 errors 0 elements 724 instructions 15742" \
		"$O/perf-ete" dump --raw "$ip/session1.bin" "$@"
	# a value it cannot read whole is refused, not taken as 0
	refusal_check "perf-ete dump refuses --trcidr0 zz" 2 \
		"perf-ete: --trcidr0 zz: not a 32-bit value" \
		"$O/perf-ete" dump --raw "$ip/session1.bin" --trcidr0 zz
	refusal_check "perf-ete dump refuses --image 0x1q:FILE" 1 \
		"perf-ete: --image 0x1q:$ip/session1.bin: bad address" \
		"$O/perf-ete" dump --raw "$ip/session1.bin" \
		--image "0x1q:$ip/session1.bin"
	# a bias that does not fit 64 bits is no bias: the name is not found
	refusal_check "perf-ete dump refuses --elf FILE@<65-bit bias>" 1 \
		"perf-ete: --elf $O/img_elf_sample@0x10000000000000000: cannot read" \
		"$O/perf-ete" dump --raw "$ip/session1.bin" \
		--elf "$O/img_elf_sample@0x10000000000000000"
else
	echo "# missing test data: $SHARED/testdata/ete/snapshots"
	emit "not ok" "perf-ete dump ete_ip summary (test data missing)"
fi

# The decoder's layers (libete-dec.a, what perf links) must not need the
# encoder's: every ete_ symbol the archive uses, it defines itself, and
# it holds none of the encoder's (ete_enc_*, ete_path_*).
nm -g --defined-only "$O/libete-dec.a" 2>/dev/null |
	awk '$3 ~ /^ete_/ { print $3 }' | sort -u > "$O/.dec-defs"
missing=$(nm -u "$O/libete-dec.a" 2>/dev/null |
	awk '$2 ~ /^ete_/ { print $2 }' | sort -u | comm -23 - "$O/.dec-defs")
if [ -s "$O/.dec-defs" ] && [ -z "$missing" ] &&
   ! grep -q '^ete_enc_\|^ete_path_' "$O/.dec-defs"; then
	emit ok "libete-dec.a: the decoder links without the encoder"
else
	echo "# libete-dec.a needs or holds:" $missing
	emit "not ok" "libete-dec.a: the decoder links without the encoder"
fi
rm -f "$O/.dec-defs"

for f in $FUZZERS; do
	work="$O/fuzz/check-$f"
	mkdir -p "$work"
	if "$O/fuzz/$f" -max_total_time="$FUZZ_TIME" -rss_limit_mb=1024 \
		-artifact_prefix="$work/" "$work" "$O/fuzz/corpus" \
		> "$work/log" 2>&1; then
		emit ok "fuzz $f ${FUZZ_TIME}s"
	else
		tail -n 20 "$work/log" | sed 's/^/# /'
		emit "not ok" "fuzz $f ${FUZZ_TIME}s"
	fi
done

echo "1..$n"
echo "# total $n pass $((n - fail - skip)) fail $fail skip $skip"
[ $fail -eq 0 ]
