/* SPDX-License-Identifier: GPL-2.0 */
/* perf-ete synth: synthetic ETE trace + program image as a snapshot. */
#ifndef _PERF_ETE_SYNTH_H
#define _PERF_ETE_SYNTH_H

/* argv[0] is "synth"; returns the process exit status. */
int synth_main(int argc, char **argv);

#endif
