#!/bin/sh
# Debian's perf 6.1, unmodified, records pmuv3 branch stacks on the
# hardware model: `perf record -j` and `perf script -F brstack`.  The
# samples are printed in hw_brbe_perf's format ("# BRBE-SAMPLE",
# "# BRBE-ENTRY") so that selftests/hw/host/brbe_check.c holds them to
# the model's ground truth too.  TAP out.
n=0 rc=0
tap() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; rc=1; fi
}
numrec=${ARMTRACE_NUMREC:-32}
# -j any,u,save_type: perf script then prints each entry's type.
echo "# BRBE-RUN perf-any b,bl,cond,br,blr,ret"
perf record -N -q -e pmuv3/cpu_cycles/u -c 20011 -j any,u,save_type \
	-o /tmp/brbe.data -- ./hw_brbe_work 2>/tmp/err >/dev/null
st=$?
sed 's/^/# perf record: /' /tmp/err
tap $st "perf record -e pmuv3/cpu_cycles/u -j any,u,save_type"
perf script -i /tmp/brbe.data -F ip,brstack > /tmp/brbe.txt 2>/tmp/err
tap $? "perf script -F ip,brstack"
sed 's/^/# perf script: /' /tmp/err | head -5
# "ip from/to/M|P|-/X|-/A|-/cycles/TYPE ..." -> the host check's lines.
awk -v numrec="$numrec" '
BEGIN {
	split("COND UNCOND IND CALL IND_CALL RET SYSCALL SYSRET COND_CALL COND_RET ERET IRQ SERROR", t, " ")
	for (i in t) type[t[i]] = i
}
NF > 0 {
	samples++
	printf "# BRBE-SAMPLE 0x%s %d\n", $1, NF - 1
	full += (NF - 1 == numrec)
	for (i = 2; i <= NF; i++) {
		n = split($i, f, "/")
		m = f[3] == "M"; p = f[3] == "P"
		ty = (f[7] in type) ? type[f[7]] : 0
		if (f[7] == "" || !(f[7] in type) || n != 7) bad++
		printf "# BRBE-ENTRY %s %s %d %d %d %d 1\n", f[1], f[2], ty, f[6], m, p
		entries++
	}
}
END {
	printf "# BRBE-END perf-any\n"
	printf "# perf script: %d samples, %d full, %d entries, %d unparsed\n", samples, full, entries, bad
	exit !(samples >= 10 && full == samples && bad == 0)
}' /tmp/brbe.txt
tap $? "perf script -F brstack: every sample has $numrec typed entries"
exit $rc
