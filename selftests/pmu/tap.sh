# Minimal TAP for guest shell tests: `tap_ok COND-EXIT-STATUS NAME`.
tap_n=0
tap_fail=0
tap() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_fail=1
	fi
}
# tap_skip NAME REASON: a test point that could not run here.
tap_skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}
