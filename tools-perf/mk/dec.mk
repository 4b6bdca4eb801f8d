# SPDX-License-Identifier: GPL-2.0
#
# libete element layer (ete_dec_*), memory image and block cache
# (ete_img_*), instruction classification (ete_a64_*), their tests,
# fuzzer and the element-level benchmark.

LIB_SRC  += $(addprefix lib/,a64_classify.c a64_aarch32.c img.c img_block.c \
	      dec.c dec_resolve.c dec_names.c)
UTIL_SRC += $(addprefix util/,elem_fmt.c elem_decode.c)
TEST_SRC += tests/dec_ppl_normalise.c
TESTS    += test_a64_classify test_dec_listing
