/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records of one BRBE bank as HW_BRB(n, CRm, op2[2]): record n of
 * BRBINF/BRBSRC/BRBTGT<n>_EL1 is op0 2, op1 1, CRn 8, CRm n[3:0],
 * op2 n[4]:(0 INF, 1 SRC, 2 TGT).  The encoding is part of the
 * instruction, so users need n as a literal.  No include guard: define
 * HW_BRB first.
 */
HW_BRB(0, 0, 0)
HW_BRB(1, 1, 0)
HW_BRB(2, 2, 0)
HW_BRB(3, 3, 0)
HW_BRB(4, 4, 0)
HW_BRB(5, 5, 0)
HW_BRB(6, 6, 0)
HW_BRB(7, 7, 0)
HW_BRB(8, 8, 0)
HW_BRB(9, 9, 0)
HW_BRB(10, 10, 0)
HW_BRB(11, 11, 0)
HW_BRB(12, 12, 0)
HW_BRB(13, 13, 0)
HW_BRB(14, 14, 0)
HW_BRB(15, 15, 0)
HW_BRB(16, 0, 1)
HW_BRB(17, 1, 1)
HW_BRB(18, 2, 1)
HW_BRB(19, 3, 1)
HW_BRB(20, 4, 1)
HW_BRB(21, 5, 1)
HW_BRB(22, 6, 1)
HW_BRB(23, 7, 1)
HW_BRB(24, 8, 1)
HW_BRB(25, 9, 1)
HW_BRB(26, 10, 1)
HW_BRB(27, 11, 1)
HW_BRB(28, 12, 1)
HW_BRB(29, 13, 1)
HW_BRB(30, 14, 1)
HW_BRB(31, 15, 1)
