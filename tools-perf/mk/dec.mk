# SPDX-License-Identifier: GPL-2.0
#
# libete element layer (ete_dec_*), memory image and block cache
# (ete_img_*), instruction classification (ete_a64_*), their tests,
# fuzzer and the element-level benchmark (make bench-dec).

LIB_SRC  += lib/pkt/pkt_batch.c
LIB_SRC  += $(addprefix lib/a64/,a64_classify.c a64_aarch32.c) \
	    $(addprefix lib/img/,img.c img_block.c img_wp.c) \
	    $(addprefix lib/dec/,dec.c dec_resolve.c dec_names.c)
UTIL_SRC += $(addprefix util/,elem_fmt.c elem_decode.c elem_dump.c)
TEST_SRC += tests/dec_ppl_normalise.c tests/dec_run.c tests/insn_spec_a64.c \
	    tests/insn_spec_aarch32.c
TESTS    += test_pkt_batch test_img test_a64_classify dec_listing dec_corrupt dec_opencsd dec_dump \
	    dec_multi_session \
	    dec_sink dec_ctx_fn
FUZZERS  += fuzz_dec fuzz_img

DEC_ASAN := -fsanitize=address$(comma)undefined -fno-sanitize-recover=all \
	    -fno-omit-frame-pointer
DEC_OCSD_LIBS := -lopencsd_c_api -lopencsd

$(O)/dec_%: $(O)/tests/dec_%.o $(O)/libutil.a $(O)/libete.a
	$(CC) $(CFLAGS) -o $@ $^ $(DEC_LDLIBS)
$(O)/asan/dec_%: $(O)/asan/tests/dec_%.o $(O)/asan/libutil.a \
		 $(O)/asan/libete.a
	$(CC) $(CFLAGS) $(DEC_ASAN) -o $@ $^ $(DEC_LDLIBS)
$(O)/dec_opencsd $(O)/asan/dec_opencsd $(O)/bench-dec: \
	DEC_LDLIBS := $(DEC_OCSD_LIBS)

# make bench-dec (also run by make bench): libete vs OpenCSD, element level,
# on the reference snapshots (the own corpus without them: BENCH_REF) and
# on the large synthetic traces of make
# bench-traces (written first if absent).  make bench also runs bench-pkt
# over both.  BENCH_DEC_INPUTS: snapshot directories, or directories of
# them; BENCH_RUNS: runs per figure (median).
BENCH_SYNTH      := $(BUILD)/bench-traces
BENCH_DEC_INPUTS ?= $(BENCH_REF) $(BENCH_SYNTH)
BENCH_RUNS       ?= 5
.PHONY: bench-dec
bench: $(BENCH_SYNTH)/synth-all/snapshot.ini bench-dec
bench: export BENCH_PKT_INPUTS = $(BENCH_SYNTH)
bench-dec: $(O)/bench-dec $(BENCH_SYNTH)/synth-all/snapshot.ini
	$(O)/bench-dec --runs $(BENCH_RUNS) $(BENCH_DEC_INPUTS)
$(O)/bench-dec: $(O)/tests/bench_dec.o $(O)/libutil.a $(O)/libete.a
	$(CC) $(CFLAGS) -o $@ $^ $(DEC_LDLIBS)
$(BENCH_SYNTH)/synth-all/snapshot.ini: | $(O)/perf-ete
	$(MAKE) -C $(TOOLS) BUILD=$(BUILD) bench-traces
