/* SPDX-License-Identifier: GPL-2.0 */
/* spin_loop(x0 = n): 2n + 1 instructions, see pmuv3_util.h. */
	.text
	.p2align 4
	.global spin_loop
	.type spin_loop, %function
spin_loop:
1:	subs	x0, x0, #1
	b.ne	1b
	ret
	.size spin_loop, . - spin_loop
	.global spin_loop_end
spin_loop_end:
	nop

/*
 * spin_loop_wide(x0 = n): 32n + 1 instructions.  The same count in a
 * sixteenth of the translated blocks: QEMU's cost is per block, so a
 * count past 2^32 takes seconds instead of a minute.
 */
	.p2align 4
	.global spin_loop_wide
	.type spin_loop_wide, %function
spin_loop_wide:
1:	.rept	30
	nop
	.endr
	subs	x0, x0, #1
	b.ne	1b
	ret
	.size spin_loop_wide, . - spin_loop_wide
