// SPDX-License-Identifier: GPL-2.0
/*
 * A tiny program the host compiler turns into an ELF executable for the
 * img_elf test: a known pattern in .rodata, code, and .bss that no file
 * byte backs.  The test finds the symbols with libelf.
 */
const unsigned char img_elf_magic[64] = {
	0x45, 0x54, 0x45, 0x21, 0x00, 0xff, 0x11, 0xee,
	0x22, 0xdd, 0x33, 0xcc, 0x44, 0xbb, 0x55, 0xaa,
	[16] = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	[32] = 0xa5, 0x5a, 0xa5, 0x5a, 0xc3, 0x3c, 0xc3, 0x3c,
	[63] = 0x7f,
};
char img_elf_bss[8192];

int main(int argc, char **argv)
{
	(void)argv;
	img_elf_bss[argc] = (char)img_elf_magic[argc];
	return img_elf_bss[1];
}
