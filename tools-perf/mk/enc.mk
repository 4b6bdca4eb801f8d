# SPDX-License-Identifier: GPL-2.0
#
# libete encoder (lib/enc*.c), path builder, their tests and fuzzer, and
# the large benchmark traces.
#
#   make bench-traces   write synthetic snapshot directories (tens of MB of
#                       trace each, plus the program image) under
#                       $(BUILD)/bench-traces with perf-ete synth

LIB_ENC_SRC := $(addprefix lib/enc/,enc.c enc_out.c enc_pkt.c enc_path.c)
LIB_SRC  += $(LIB_ENC_SRC)
UTIL_SRC += util/synth.c util/perf_data.c
TEST_SRC += tests/enc_check.c tests/enc_ocsd.c tests/corpus.c
TESTS    += enc_roundtrip enc_opencsd enc_elements enc_reproduce \
	    test_pkt_corpus dec_corpus
FUZZERS  += fuzz_enc

# ELF memory images (ete_img_add_elf(), perf-ete dump --elf) through
# libelf, when pkg-config knows it or <libelf.h> is there; HAVE_LIBELF=0
# builds without (ete_img_add_elf() then says ETE_IMG_ERR_NOSUPPORT).
libelf_probe := printf '\043include <libelf.h>\n' | $(CC) -E -x c - \
		>/dev/null 2>&1
HAVE_LIBELF ?= $(shell if pkg-config --exists libelf 2>/dev/null || \
		  $(libelf_probe); then echo 1; else echo 0; fi)
ifeq ($(HAVE_LIBELF),1)
CPPFLAGS += -DHAVE_LIBELF $(shell pkg-config --cflags libelf 2>/dev/null)
LIB_SRC  += lib/img/img_elf.c
LDLIBS   += $(or $(shell pkg-config --libs libelf 2>/dev/null),-lelf)
endif
TESTS    += test_img_elf

ENC_ASAN := -fsanitize=address$(comma)undefined -fno-sanitize-recover=all \
	    -fno-omit-frame-pointer
OPENCSD_LIBS := -lopencsd_c_api -lopencsd

# enc_* test programs; the OpenCSD differential tests link Debian's OpenCSD
$(O)/enc_%: $(O)/tests/enc_%.o $(O)/libutil.a $(O)/libete.a
	$(CC) $(CFLAGS) -o $@ $^ $(ENC_LDLIBS) $(LDLIBS)
$(O)/asan/enc_%: $(O)/asan/tests/enc_%.o $(O)/asan/libutil.a \
		 $(O)/asan/libete.a
	$(CC) $(CFLAGS) $(ENC_ASAN) -o $@ $^ $(ENC_LDLIBS) $(LDLIBS)

# the ELF image test; it reads the host compiler's ELF of a tiny program
$(O)/test_img_elf: $(O)/tests/test_img_elf.o $(O)/libutil.a $(O)/libete.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)
$(O)/asan/test_img_elf: $(O)/asan/tests/test_img_elf.o \
			$(O)/asan/libutil.a $(O)/asan/libete.a
	$(CC) $(CFLAGS) $(ENC_ASAN) -o $@ $^ $(LDLIBS)
$(O)/img_elf_sample: tests/img_elf_sample.c
	@mkdir -p $(@D)
	$(CC) -O1 -o $@ $<
check: $(O)/img_elf_sample
# fuzz_img's way into ELF loading: a real ELF file behind its selector
# bytes (bit 7 of the first: the rest is an ELF file)
$(O)/fuzz/corpus/img-elf-sample: $(O)/img_elf_sample | $(O)/fuzz/corpus
	{ printf '\202\000\377\377\377\377\377\377\377\377'; cat $<; } > $@
check fuzz: $(O)/fuzz/corpus/img-elf-sample
$(O)/enc_opencsd $(O)/asan/enc_opencsd $(O)/enc_reproduce \
$(O)/asan/enc_reproduce: ENC_LDLIBS := $(OPENCSD_LIBS)
$(O)/dec_corpus $(O)/asan/dec_corpus: DEC_LDLIBS := $(OPENCSD_LIBS)

# A recording whose call stack is known at every instruction, for perf's
# --itrace=g (scripts/perf-callchain.sh).
$(O)/callchain-data: $(O)/tests/callchain_data.o $(O)/libutil.a $(O)/libete.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# The project's own corpus as snapshot directories (tests/corpus.h): for
# the tests that read snapshot directories (CORPUS), perf-ete dump, the
# fuzzers' seeds, and make bench/demo when ../shared is not there.
CORPUS := $(O)/corpus
$(O)/corpus-write: $(O)/tests/corpus_write.o $(O)/libutil.a $(O)/libete.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)
$(CORPUS)/.written: $(O)/corpus-write
	rm -rf $(CORPUS)
	$< $(CORPUS)
	touch $@
check bench: $(CORPUS)/.written
corpus: $(CORPUS)/.written
.PHONY: corpus
# the fuzzers start from it too
$(O)/fuzz/corpus/.own: $(CORPUS)/.written | $(O)/fuzz/corpus
	for d in $(CORPUS)/*/; do \
		cp -f "$$d/session1.bin" "$(@D)/own-$$(basename "$$d")"; \
	done
	touch $@
check fuzz: $(O)/fuzz/corpus/.own

# the encoder fuzzer checks its streams with the test helper
$(O)/fuzz/fuzz_enc: fuzz/fuzz_enc.c tests/enc_check.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CLANG) $(CPPFLAGS) $(FUZZ_FLAGS) -o $@ $< tests/enc_check.c $(LIB_SRC) \
		$(LDLIBS)

BENCH_TRACES ?= $(BUILD)/bench-traces
SYNTH_MB     ?= 32

.PHONY: bench-traces
bench-traces: $(O)/perf-ete
	@mkdir -p $(BENCH_TRACES)
	$(O)/perf-ete synth --mb $(SYNTH_MB) --seed 1 \
		$(BENCH_TRACES)/synth-plain
	$(O)/perf-ete synth --mb $(SYNTH_MB) --seed 2 --cci --ts --cid \
		--vmid $(BENCH_TRACES)/synth-all


# encoder-only throughput (not part of check)
.PHONY: bench-enc
bench-enc: $(O)/bench-enc
	$(O)/bench-enc
$(O)/bench-enc: $(O)/tests/enc_bench.o $(O)/libete.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)
