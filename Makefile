# SPDX-License-Identifier: GPL-2.0
#
# armtrace top level.  `make` builds the arm64 modules (cross-compiled
# against Debian's stock arm64 headers unless KDIR names another tree) and the
# host tools; `make check` runs every test, host and guest; `make demo`
# boots the guest and shows each PMU at work; `make bench` runs benchmarks;
# `make perf` builds perf 6.1 with the armtrace patch series for the host
# and the guest, `make install-perf [PREFIX=/usr/local]` installs the host's.
# `make debug-modules` builds the debug guest kernel (cached) and the modules
# against it (scripts/debug-kernel.sh); `make stress` fuzzes perf_event_open
# on it for long.

TOP       := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
ifeq ($(origin CACHE),undefined)
CACHE     := $(shell $(TOP)/scripts/cache-dir.sh)
endif
BUILD     ?= $(TOP)/build
SHARED    ?= $(abspath $(TOP)/../shared)
PREFIX    ?= /usr/local
HOSTARCH  := $(shell uname -m)

ifeq ($(KDIR),)
KDIR      := $(CACHE)/kdir
DEPS      := deps
endif
ifneq ($(HOSTARCH),aarch64)
KMAKE_ARCH := ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
endif
KMAKE     = $(MAKE) -C $(KDIR) M=$(TOP)/kernel $(KMAKE_ARCH)

export TOP CACHE BUILD SHARED

.PHONY: all deps modules tools guest-tests check demo bench clean \
	checkpatch sparse perf perf-asan install-perf debug-modules stress check-debug

all: modules tools

deps:
	@$(TOP)/scripts/deps.sh

modules: $(DEPS)
	+$(KMAKE) W=1 modules

sparse: $(DEPS)
	+$(KMAKE) C=2 W=1 modules

checkpatch: $(DEPS)
	@$(TOP)/scripts/checkpatch.sh

tools:
	$(MAKE) -C $(TOP)/tools-perf

guest-tests: $(DEPS)
	$(MAKE) -C $(TOP)/selftests

# The debug kernel is cached by its config (minutes cold, nothing warm);
# its modules are built from a copy of kernel/ in $(BUILD)/debug.
debug-modules: deps
	@$(TOP)/scripts/debug-kernel.sh --modules > /dev/null

# The fuzzer's long run: STRESS_ROUNDS rounds from STRESS_SEED, each
# fuzzer run STRESS_ITERS iterations or STRESS_SECS seconds, whichever
# ends first (make check runs 2 rounds of 30 s from seed 1).
STRESS_SEED   ?= $(shell date +%s)
STRESS_ROUNDS ?= 8
STRESS_ITERS  ?= 100000
STRESS_SECS   ?= 300
# make check with the debug kernel's build and runs (lockdep, KASAN,
# kmemleak, UBSAN) as well: ~13 minutes more cold.
check-debug:
	ARMTRACE_DEBUG_KERNEL=1 $(MAKE) check

stress: debug-modules guest-tests
	$(MAKE) -C $(TOP)/selftests/hwmodel
	ARMTRACE_FUZZ_SEED=$(STRESS_SEED) ARMTRACE_FUZZ_ROUNDS=$(STRESS_ROUNDS) \
	ARMTRACE_FUZZ_ITERS=$(STRESS_ITERS) ARMTRACE_FUZZ_SECS=$(STRESS_SECS) \
	ARMTRACE_GUEST_TIMEOUT=$$((2 * $(STRESS_ROUNDS) * ($(STRESS_SECS) + 120) + 900)) \
		$(TOP)/scripts/guest-tests.sh fuzz-dbg

# perf from Debian's linux-source-6.1 plus tools-perf/perf-patches, cached
# under $(CACHE)/perf by a hash of its inputs: build/perf/{x86_64,aarch64}/perf
perf: $(DEPS)
	@$(TOP)/scripts/perf-build.sh $(HOSTARCH)
	@$(TOP)/scripts/perf-build.sh aarch64

# The host's perf again under ASan and UBSan, for make check's decode of
# bad input and of the guest recordings: build/perf/x86_64-asan/perf
perf-asan: $(DEPS)
	@$(TOP)/scripts/perf-build.sh $(HOSTARCH)-asan

# Beside the distribution's /usr/bin/perf, which stays as it is.
install-perf: $(DEPS)
	@$(TOP)/scripts/perf-build.sh $(HOSTARCH)
	install -D -m 0755 $(BUILD)/perf/$(HOSTARCH)/perf $(DESTDIR)$(PREFIX)/bin/perf

check: deps
	@$(TOP)/scripts/check.sh

demo: deps
	@$(TOP)/scripts/demo.sh

bench: deps
	$(MAKE) -C $(TOP)/tools-perf bench
	@$(TOP)/scripts/bench-perf.sh
	@$(TOP)/scripts/bench-guest.sh

clean:
	-[ -d $(KDIR) ] && $(KMAKE) clean
	rm -rf $(BUILD)
