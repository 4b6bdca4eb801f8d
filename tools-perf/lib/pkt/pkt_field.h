/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers for ETE multi-byte fields.  Every helper is bounded by the bytes
 * it is given, so a parser never reads past its input.
 */
#ifndef _ETE_PKT_FIELD_H
#define _ETE_PKT_FIELD_H

#include "pkt_internal.h"

/*
 * Length of the continuation field starting at @p (7 bits a byte, bit 7 set
 * on all but the last byte), or 0 if it does not end within @n bytes.
 */
static inline unsigned int cont_len(const uint8_t *p, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (!(p[i] & ETE_PKT_CONT))
			return i + 1;
	return 0;
}

/*
 * Value of the continuation field at @p, reading at most @limit bytes and
 * no more than @n.  Returns the bytes read.  The limit matches the field's
 * architectural width (5 bytes for 32 bits); longer fields keep their low
 * bits, as OpenCSD does.
 */
static inline unsigned int cont_val(const uint8_t *p, unsigned int n,
				    unsigned int limit, uint32_t *val)
{
	unsigned int i = 0;
	uint32_t v = 0;

	while (i < n && i < limit) {
		uint8_t b = p[i];

		v |= (uint32_t)(b & ETE_PKT_PAYLOAD) <<
			(i * ETE_PKT_PAYLOAD_BITS);
		i++;
		if (!(b & ETE_PKT_CONT))
			break;
	}
	*val = v;
	return i;
}

/*
 * cont_len() and cont_val() in one pass: the value of the continuation
 * field at @p from at most its first @limit bytes, in *@val; returns the
 * field's length, 0 (and *@val untouched) if it does not end within @n.
 */
static inline __attribute__((always_inline)) unsigned int
cont_field(const uint8_t *p, unsigned int n, unsigned int limit,
	   uint32_t *val)
{
	uint32_t v = 0;

	for (unsigned int i = 0; i < n; i++) {
		if (i < limit)
			v |= (uint32_t)(p[i] & ETE_PKT_PAYLOAD) <<
				(i * ETE_PKT_PAYLOAD_BITS);
		if (!(p[i] & ETE_PKT_CONT)) {
			*val = v;
			return i + 1;
		}
	}
	return 0;
}

/* Little-endian value of @n bytes (n <= 8). */
static inline uint64_t le_val(const uint8_t *p, unsigned int n)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static inline uint64_t low_mask(unsigned int bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

#endif /* _ETE_PKT_FIELD_H */
