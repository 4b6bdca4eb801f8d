#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""List where a perf.data file's events are: one "0xOFFSET TYPE" line each.

The same offsets and types `perf report -D` prints before each event of
the data section, without decoding the trace that report -D dumps with
them (minutes under ASan for a few MB of AUX data).  A PERF_RECORD_AUXTRACE
(71) is followed by its trace, whose size is the event's first field.
"""
import struct
import sys

PERF_RECORD_AUXTRACE = 71


def events(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'PERFILE2':
        sys.exit(f'{path}: not a perf.data file (magic {data[:8]!r})')
    off, size = struct.unpack_from('<QQ', data, 40)
    # perf record killed before it wrote the header: data to the end;
    # a file cut short: what there is
    end = min(off + size if size else len(data), len(data))
    while off + 8 <= end:
        typ, _misc, esz = struct.unpack_from('<IHH', data, off)
        if esz < 8:
            sys.exit(f'{path}: event at {off:#x} of size {esz}')
        if typ == PERF_RECORD_AUXTRACE and off + 16 <= end:
            esz += struct.unpack_from('<Q', data, off + 8)[0]
        if off + esz > end:
            sys.exit(f'{path}: event at {off:#x} cut short')
        yield off, typ
        off += esz


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit('usage: perf-events.py PERF.DATA')
    for o, t in events(sys.argv[1]):
        print(f'{o:#x} {t}')
