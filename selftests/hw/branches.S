/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A workload whose every taken branch is known: the BRBE and ETE tests
 * check what the hardware recorded against these labels.
 *
 *   bl  brb_leaf        DIRECT_LINK    brb_call1  -> brb_leaf
 *   ret                 RET            brb_leaf_ret -> brb_after1
 *   blr x1              INDIRECT_LINK  brb_call2  -> brb_leaf
 *   ret                 RET            brb_leaf_ret -> brb_after2
 *   b.ne (taken twice)  DIRECT_COND    brb_cond   -> brb_loop
 *   b.ne (not taken)    -              (not a record)
 *   b   brb_tail        DIRECT_UNCOND  brb_jump   -> brb_tail
 *   br  x3              INDIRECT       brb_ind    -> brb_tail2
 *   ret                 RET            brb_ret    -> caller
 */
	.text
	.p2align 6
	.global brb_workload
	.type brb_workload, %function
brb_workload:
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	.global brb_call1
brb_call1:
	bl	brb_leaf
	.global brb_after1
brb_after1:
	adr	x1, brb_leaf
	.global brb_call2
brb_call2:
	blr	x1
	.global brb_after2
brb_after2:
	mov	x2, #3
	.global brb_loop
brb_loop:
	subs	x2, x2, #1
	.global brb_cond
brb_cond:
	b.ne	brb_loop
	.global brb_jump
brb_jump:
	b	brb_tail
	nop
	.global brb_tail
brb_tail:
	adr	x3, brb_tail2
	.global brb_ind
brb_ind:
	br	x3
	nop
	.global brb_tail2
brb_tail2:
	ldp	x29, x30, [sp], #16
	.global brb_ret
brb_ret:
	ret
	.size brb_workload, . - brb_workload

	.global brb_leaf
	.type brb_leaf, %function
brb_leaf:
	.global brb_leaf_ret
brb_leaf_ret:
	ret
	.size brb_leaf, . - brb_leaf

/*
 * brb_other(n): a loop only the other task of the context-switch test
 * runs; none of its branches may reach the first task's samples.
 */
	.p2align 6
	.global brb_other
	.type brb_other, %function
brb_other:
	subs	x0, x0, #1
	b.ne	brb_other
	ret
	.global brb_other_end
brb_other_end:
	.size brb_other, . - brb_other

/*
 * brb_pingpong(wfd, rfd, buf): write(wfd, buf, 1) then read(rfd, buf, 1)
 * with no branch between them at EL0, so a branch stack that holds the
 * call into it next to its return spans both system calls, and the
 * context switches they made (Linux's arm64 numbers: write 64, read 63).
 * brb_pingpong_b is the same code at other addresses: a caller that
 * alternates them tells one round trip from the next.
 */
	.macro	pingpong name
	.p2align 6
	.global \name
	.type \name, %function
\name:
	mov	x9, x1
	mov	x10, x2
	mov	x1, x2
	mov	x2, #1
	mov	x8, #64
	svc	#0
	mov	x0, x9
	mov	x1, x10
	mov	x2, #1
	mov	x8, #63
	svc	#0
	.global \name\()_ret
\name\()_ret:
	ret
	.size \name, . - \name
	.endm

	pingpong brb_pingpong
	pingpong brb_pingpong_b
