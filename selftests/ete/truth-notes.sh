#!/bin/sh
# truth-notes.sh TRUTH: the hardware model's truth log of an ete run holds
# trace unit starts and no trbe-lost / trbe-ignored note
# (Documentation/hwmodel.rst, "Ground truth"); TAP out.
truth=$1
starts=$(grep -c '^N [0-9]* ete-start ' "$truth" 2>/dev/null)
lost=$(grep -c '^N [0-9]* trbe-lost ' "$truth" 2>/dev/null)
ignored=$(grep -c '^N [0-9]* trbe-ignored ' "$truth" 2>/dev/null)
rc=0
if [ "${starts:-0}" -gt 0 ]; then
	echo "ok 1 - truth log: the trace unit started $starts times"
else
	echo "not ok 1 - truth log $truth: no ete-start"
	rc=1
fi
if [ "${lost:-0}" -eq 0 ] && [ "${ignored:-0}" -eq 0 ]; then
	echo "ok 2 - truth log: no trbe-lost, no trbe-ignored note"
else
	echo "not ok 2 - truth log: ${lost:-0} trbe-lost, ${ignored:-0} trbe-ignored notes"
	grep -m 5 -E '^N [0-9]* trbe-(lost|ignored) ' "$truth" | sed 's/^/# /'
	rc=1
fi
exit $rc
