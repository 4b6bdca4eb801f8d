// SPDX-License-Identifier: GPL-2.0
/*
 * The debug kernel's negative control: each value of the module parameter
 * commits one bug class that a checker of scripts/debug-kernel.config must
 * report, so a run of this module proves the checkers are on and that
 * qemu-run.sh's scan of the kernel log fails a run that has such a report.
 * A debug-kernel run that stayed silent because a checker was off would
 * otherwise look exactly like a clean one.
 *
 * Never loaded outside that one guest run; nothing else uses it.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

static char *fault = "";
module_param(fault, charp, 0444);
MODULE_PARM_DESC(fault, "kasan, sleep, lockdep, ubsan or leak");

static DEFINE_MUTEX(canary_a);
static DEFINE_MUTEX(canary_b);
static DEFINE_SPINLOCK(canary_lock);
static void *canary_leaked;
/* Results land here, so no check is folded away with an unused value. */
static int canary_sink;

/* Out of the compiler's sight, so neither the read nor the shift folds. */
static noinline int canary_index(int i)
{
	return READ_ONCE(i);
}

/* KASAN: a read one byte past a kmalloc()ed object. */
static int canary_kasan(void)
{
	char *p = kmalloc(24, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	WRITE_ONCE(canary_sink, READ_ONCE(p[canary_index(24)]));
	kfree(p);
	return 0;
}

/*
 * DEBUG_ATOMIC_SLEEP: an allocation that may sleep, under a spinlock.  It
 * does not sleep here (memory is plentiful), which is the point: only the
 * checker's might_sleep() sees it.
 */
static int canary_sleep(void)
{
	void *p;

	spin_lock(&canary_lock);
	p = kzalloc(64, GFP_KERNEL);
	spin_unlock(&canary_lock);
	kfree(p);
	return 0;
}

/* PROVE_LOCKING: a then b, later b then a (no deadlock: one thread). */
static int canary_lockdep(void)
{
	mutex_lock(&canary_a);
	mutex_lock(&canary_b);
	mutex_unlock(&canary_b);
	mutex_unlock(&canary_a);
	mutex_lock(&canary_b);
	mutex_lock(&canary_a);
	mutex_unlock(&canary_a);
	mutex_unlock(&canary_b);
	return 0;
}

/* UBSAN_SHIFT: a shift by more than the type's width. */
static int canary_ubsan(void)
{
	u32 one = canary_index(1);

	WRITE_ONCE(canary_sink, one << canary_index(40));
	return 0;
}

/*
 * kmemleak: the only pointer to the object is overwritten, so the scans
 * qemu-run.sh asks for find it unreferenced.
 */
static int canary_leak(void)
{
	canary_leaked = kmalloc(128, GFP_KERNEL);
	if (!canary_leaked)
		return -ENOMEM;
	memset(canary_leaked, 0x5a, 128);
	WRITE_ONCE(canary_leaked, NULL);
	return 0;
}

static const struct {
	const char *name;
	int (*commit)(void);
} canary_faults[] = {
	{ "kasan", canary_kasan },
	{ "sleep", canary_sleep },
	{ "lockdep", canary_lockdep },
	{ "ubsan", canary_ubsan },
	{ "leak", canary_leak },
};

static int __init canary_init(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(canary_faults); i++) {
		if (!strcmp(fault, canary_faults[i].name)) {
			pr_info("armtrace_canary: committing %s\n", fault);
			return canary_faults[i].commit();
		}
	}
	pr_err("armtrace_canary: unknown fault '%s'\n", fault);
	return -EINVAL;
}

static void __exit canary_exit(void)
{
}

module_init(canary_init);
module_exit(canary_exit);
MODULE_DESCRIPTION("armtrace debug-kernel negative control");
MODULE_LICENSE("GPL");
