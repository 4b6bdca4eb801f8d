#!/bin/sh
# The busybox applets the guest uses (links made at image build time).
echo sh ash mount umount mkdir cat echo ls dmesg poweroff insmod rmmod lsmod \
	modprobe sleep grep sed awk cut tr head tail wc seq test true false \
	printf expr sync chmod cp mv rm ln find xargs uname id env taskset \
	timeout kill ps date tee od hexdump nproc sort uniq basename dirname
