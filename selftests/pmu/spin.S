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
