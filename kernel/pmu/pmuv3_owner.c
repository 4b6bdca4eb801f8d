// SPDX-License-Identifier: GPL-2.0
/*
 * Who else may own the PMU, and where ACPI says its interrupt is.
 *
 * Linux's built-in arm_pmu driver registers its perf PMUs as armv8_* or
 * armv9_* (armv8_pmuv3_0, armv8_cortex_a53, ...) whether it found the
 * PMU through the device tree or through ACPI's MADT.  A registered one
 * programs the same counters, so armtrace must not load beside it.  The
 * perf PMU list is not exported to modules; its sysfs view is.
 */
#define pr_fmt(fmt) "armtrace-pmuv3: " fmt

#include <linux/acpi.h>
#include <linux/fs.h>
#include <linux/string.h>

#include "pmuv3.h"

#define PMU_DEVICES	"/sys/bus/event_source/devices"

struct builtin_scan {
	struct dir_context ctx;
	char name[32];
};

static bool builtin_actor(struct dir_context *ctx, const char *name, int len,
			  loff_t off, u64 ino, unsigned int type)
{
	struct builtin_scan *s = container_of(ctx, struct builtin_scan, ctx);

	if (len >= 6 && len < (int)sizeof(s->name) &&
	    (!strncmp(name, "armv8_", 6) || !strncmp(name, "armv9_", 6))) {
		memcpy(s->name, name, len);
		s->name[len] = 0;
		return false;	/* found: stop */
	}
	return true;
}

/*
 * The name of a registered built-in arm_pmu PMU in @buf, or false.
 * Without sysfs in the loader's mount namespace nothing is found, and
 * the interrupt request is what stops a second owner.
 */
bool pmuv3_builtin_pmu(char *buf, size_t len)
{
	struct builtin_scan s = { .ctx.actor = builtin_actor };
	struct file *dir = filp_open(PMU_DEVICES, O_RDONLY | O_DIRECTORY, 0);

	if (IS_ERR(dir))
		return false;
	iterate_dir(dir, &s.ctx);
	fput(dir);
	if (!s.name[0])
		return false;
	strscpy(buf, s.name, len);
	return true;
}

#ifdef CONFIG_ACPI
/*
 * The PMU interrupt from the MADT's GICC entries: every enabled CPU's
 * performance interrupt, which must be one PPI (GSI 16-31) for all of
 * them, level or edge as the entry's flags say.  Returns the GSI and sets
 * @trigger, or a negative errno with a message.
 */
int pmuv3_acpi_gsi(int *trigger)
{
	struct acpi_table_header *madt;
	struct acpi_subtable_header *h;
	u32 gsi = 0, flags = 0;
	unsigned int cpus = 0;
	void *end;
	int ret = 0;

	if (ACPI_FAILURE(acpi_get_table(ACPI_SIG_MADT, 0, &madt))) {
		pr_err("no device tree PMU node and no ACPI MADT\n");
		return -ENODEV;
	}
	end = (void *)madt + madt->length;
	for (h = (void *)madt + sizeof(struct acpi_table_madt);
	     (void *)h + sizeof(*h) <= end && h->length;
	     h = (void *)h + h->length) {
		struct acpi_madt_generic_interrupt *gicc = (void *)h;

		/*
		 * ACPI 6.0-6.2 GICC entries are shorter than 6.1's struct
		 * (no SPE interrupt): only what is read must be there.
		 */
		if (h->type != ACPI_MADT_TYPE_GENERIC_INTERRUPT ||
		    h->length < offsetofend(struct acpi_madt_generic_interrupt,
					    performance_interrupt) ||
		    (void *)gicc + h->length > end ||
		    !(gicc->flags & ACPI_MADT_ENABLED))
			continue;
		if (!cpus++) {
			gsi = gicc->performance_interrupt;
			flags = gicc->flags;
		} else if (gicc->performance_interrupt != gsi ||
			   (gicc->flags ^ flags) & ACPI_MADT_PERFORMANCE_IRQ_MODE) {
			pr_err("MADT: CPUs have different PMU interrupts (%u, %u): one SPI per CPU is not supported\n",
			       gsi, gicc->performance_interrupt);
			ret = -EOPNOTSUPP;
			break;
		}
	}
	acpi_put_table(madt);
	if (ret)
		return ret;
	if (!gsi) {
		pr_err("MADT: no PMU interrupt\n");
		return -ENODEV;
	}
	/* GSIs 16-31 are the PPIs. */
	if (gsi < 16 || gsi > 31) {
		pr_err("MADT: PMU interrupt %u is not a PPI: SPIs are not supported\n",
		       gsi);
		return -EOPNOTSUPP;
	}
	*trigger = flags & ACPI_MADT_PERFORMANCE_IRQ_MODE ?
		   ACPI_EDGE_SENSITIVE : ACPI_LEVEL_SENSITIVE;
	return gsi;
}
#endif
