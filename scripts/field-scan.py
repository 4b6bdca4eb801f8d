#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Find register fields spelt out by hand outside include/.

include/armtrace/*_regs.h define each ETE/TRBE/BRBE/PMU register field
once (GENMASK/BIT masks) and ref_config.h the reference configuration.
This scan reads those definitions (nothing is listed by hand here) and
reports C code that repeats them:

  shift    `REG >> LOW` or `V << LOW`, LOW the low bit of a field of REG
  mask     a literal equal to a field mask of REG (or a part of one),
           next to a bitwise operator
  copy     a #define of a field of REG (a mask, a part of one, or its
           shift) under a name that contains REG
  refcfg   a literal equal to a reference configuration value (REF_*)

"Next to REG" means: in the same statement as an identifier that names
the register (TRCVICTLR, trcvictlr, victlr, HW_TRCVICTLR, ...).  A
one-bit literal below 0x100 is taken only when REG is its left operand,
because small numbers are everywhere.

Justified exceptions live in scripts/field-scan.allow: "PATH FIELD
reason", one a line (FIELD "*": the whole file, e.g. a test oracle that
must stay independent of include/); an entry without a reason, or one
nothing matches any more, is an error too.  The perf patch series
(perf's own sources) is not scanned.

  field-scan.py [--tap] [--allow FILE] [PATH...]

PATHs default to the tree's C sources outside include/.  Exit status 1
when anything is reported.
"""
import functools
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INC = os.path.join(TOP, 'include', 'armtrace')
SCAN_DIRS = ['kernel', 'selftests', 'tools-perf']
SKIP_DIRS = {'.cache', 'build', 'perf-patches'}
UNITS = ('TRC', 'TRB', 'BRB', 'TRF')

NUM = r'(?:0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*'
LIT_RE = re.compile(r'\b' + NUM + r'\b')


def strip_suffix(expr):
    return re.sub(r'\b(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]+\b', r'\1', expr)


@functools.lru_cache(maxsize=None)
def cint(lit):
    """A C integer literal's value (hex, octal or decimal)."""
    lit = strip_suffix(lit)
    if lit[:2] in ('0x', '0X'):
        return int(lit, 16)
    return int(lit, 8) if len(lit) > 1 and lit[0] == '0' else int(lit)


def strip_comments(text):
    """Comments and string/char literals become blanks (lines kept)."""
    def blank(m):
        return re.sub(r'[^\n]', ' ', m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'
                  r"'(?:\\.|[^'\\\n])*'", blank, text, flags=re.S)


def read_defines(path):
    defs = []
    text = strip_comments(open(path).read()).replace('\\\n', ' ')
    for m in re.finditer(r'^[ \t]*#[ \t]*define[ \t]+([A-Z][A-Z0-9_]*)'
                         r'(\([^)]*\))?[ \t]+([^\n]+)', text, re.M):
        if not m.group(2):
            defs.append((m.group(1), m.group(3).strip()))
    return defs


def evaluate(expr, env):
    """The value of a mask expression of the register headers, or None."""
    e = strip_suffix(expr)
    e = re.sub(r'\bGENMASK(?:_ULL)?\(\s*(\d+)\s*,\s*(\d+)\s*\)',
               lambda m: str(((1 << (int(m.group(1)) + 1)) - 1) &
                             ~((1 << int(m.group(2))) - 1)), e)
    e = re.sub(r'\bBIT(?:_ULL)?\(\s*(\d+)\s*\)',
               lambda m: str(1 << int(m.group(1))), e)
    e = re.sub(r'\b[A-Z][A-Z0-9_]*\b',
               lambda m: str(env[m.group(0)]) if m.group(0) in env
               else m.group(0), e)
    if not re.fullmatch(r'[0-9xXa-fA-F()|&~<>+\- \t]+', e):
        return None
    try:
        return int(eval(e, {'__builtins__': {}})) & ((1 << 64) - 1)
    except Exception:
        return None


def register_of(name):
    """TRBLIMITR_EL1_FM -> TRBLIMITR, BRBCR_ELX_CC -> BRBCR, TRCIDR0_X -> TRCIDR0."""
    m = re.match(r'(.+?)_EL[0-3X](?:_|$)', name)
    if m:
        return m.group(1)
    return name.split('_')[0]


def load_fields():
    """{register: [(field name, mask)]} and {REF_ name: value}."""
    fields, env, masks = {}, {}, set()
    for fn in sorted(os.listdir(INC)):
        if not fn.endswith('_regs.h') or fn == 'hw_regs.h':
            continue
        for name, expr in read_defines(os.path.join(INC, fn)):
            v = evaluate(expr, env)
            if v is None:
                continue
            env[name] = v
            # A field is a mask built from BIT/GENMASK or other fields;
            # plain numbers are values of a field (FM_FILL, TYPE_RET ...).
            refs = re.findall(r'\b[A-Z][A-Z0-9_]*\b', expr)
            if re.search(r'\b(GENMASK|BIT)', expr) or \
               (refs and all(r in masks for r in refs)):
                masks.add(name)
                if v and v != 0xffffffff and v != (1 << 64) - 1:
                    fields.setdefault(register_of(name), []).append((name, v))
    refs = {}
    for name, expr in read_defines(os.path.join(INC, 'ref_config.h')):
        v = evaluate(expr, env)
        if v is not None:
            env[name] = v
        if name.startswith('REF_') and v is not None and v >= 0x100:
            refs[name] = v
    return fields, refs


def reg_pattern(reg):
    names = {reg.lower()}
    if reg[:3] in UNITS and len(reg) - 3 >= 4:
        names.add(reg[3:].lower())
    if reg.startswith('ID_AA64'):
        names.add(reg[7:].lower())
    # Anywhere in an identifier: HW_TRCVICTLR, victlr, IDR2_BASE.
    return re.compile('|'.join(sorted(names, key=len, reverse=True)), re.I)


def low_bit(m):
    return (m & -m).bit_length() - 1


def contiguous(v):
    return v and ((v >> low_bit(v)) & ((v >> low_bit(v)) + 1)) == 0


def statements(text):
    """(line, text) of each statement or preprocessor line."""
    out, start, buf, line = [], 1, [], 1
    for ln in text.split('\n'):
        if ln.lstrip().startswith('#'):
            if buf:
                out.append((start, ' '.join(buf)))
                buf = []
            out.append((line, ln))
            line += 1
            start = line
            continue
        parts = re.split(r'([;{}])', ln)
        for p in parts:
            if p in (';', '{', '}'):
                if buf:
                    out.append((start, ' '.join(buf)))
                buf = []
                start = line
            elif p.strip():
                if not buf:
                    start = line
                buf.append(p)
        line += 1
    if buf:
        out.append((start, ' '.join(buf)))
    return out


def left_operand(s, pos):
    """The operand that ends just before s[pos] (skipping blanks)."""
    i = pos
    while i > 0 and s[i - 1] in ' \t':
        i -= 1
    end, depth = i, 0
    while i > 0:
        c = s[i - 1]
        if c in ')]':
            depth += 1
        elif c in '([':
            if not depth:
                break
            depth -= 1
        elif not depth and not (c.isalnum() or c in '_.>-' or
                                (c == '-' and s[i:i + 1] == '>')):
            break
        i -= 1
    return s[i:end]


def scan_text(path, text, fields, refs, pats):
    hits = []
    code = strip_comments(text)
    for line, st in statements(code):
        lits = [(m.group(0), cint(m.group(0))) for m in LIT_RE.finditer(st)]
        if not lits:	# every finding is about a number
            continue
        for name, v in refs.items():
            for text, lit in lits:
                if lit == v:
                    hits.append((line, name, 'refcfg',
                                 '%s is %s' % (text, name)))
        is_def = re.match(r'\s*#\s*define\s+(\w+)', st)
        for reg, flist in fields.items():
            if is_def:
                if not pats[reg].search(is_def.group(1)):
                    continue
            elif not pats[reg].search(st):
                continue
            for name, mask in flist:
                lo, width = low_bit(mask), bin(mask).count('1')
                if is_def:
                    body = st[is_def.end():]
                    lits = [cint(x)
                            for x in re.findall(r'\b' + NUM + r'\b', body)]
                    if re.fullmatch(r'\s*\(?\s*' + NUM + r'\s*\)?\s*', body):
                        lit = lits[0]
                        if is_def.group(1).endswith('_SHIFT'):
                            if lo and lit == lo:
                                hits.append((line, name, 'copy',
                                             '%s: the shift of %s' %
                                             (is_def.group(1), name)))
                        elif lit and ((lit == mask and (
                                lit >= 0x10 or bin(lit).count('1') > 1 or
                                is_def.group(1).endswith(
                                    name[len(reg):].split('_')[-1]))) or (
                                (lit & mask) == lit and width > 1 and
                                low_bit(lit) == lo and lit >= 0x10)):
                            hits.append((line, name, 'copy',
                                         '%s: a copy of %s' %
                                         (is_def.group(1), name)))
                    continue
                if lo:
                    for m in re.finditer(r'>>\s*\(?\s*(%s)\b' % NUM, st):
                        if cint(m.group(1)) == lo and \
                                pats[reg].search(left_operand(st, m.start())):
                            hits.append((line, name, 'shift',
                                         '>> %d is %s' % (lo, name)))
                    for m in re.finditer(r'(%s)\s*\)?\s*<<\s*\(?\s*(%s)\b' %
                                         (NUM, NUM), st):
                        v = cint(m.group(1))
                        s = cint(m.group(2))
                        if s == lo and v and v < (1 << width) and width > 1:
                            hits.append((line, name, 'shift',
                                         '%s << %d is %s' %
                                         (m.group(1), lo, name)))
                    for m in re.finditer(r'\b(%s_[A-Z0-9_]+)\s*\)?\s*<<\s*'
                                         r'\(?\s*(%s)\b' % (reg, NUM), st):
                        if cint(m.group(2)) == lo and width > 1:
                            hits.append((line, name, 'shift',
                                         '%s << %d is %s' %
                                         (m.group(1), lo, name)))
                    for m in re.finditer(r'<<\s*(%s)\b' % NUM, st):
                        if cint(m.group(1)) == lo and width > 1:
                            hits.append((line, name, 'shift',
                                         '<< %d is %s' % (lo, name)))
                    for m in re.finditer(r'<<\s*\(\s*(%s)\s*\+' % NUM, st):
                        if cint(m.group(1)) == lo:
                            hits.append((line, name, 'shift',
                                         '<< (%d + n) is %s' % (lo, name)))
                for m in re.finditer(r'([&|^~]=?|\(\s*~)\s*\(?\s*(%s)\b'
                                     r'(?!\s*(?:<<|>>|[-+*/]))' % NUM, st):
                    op = m.group(1)
                    lit = cint(m.group(2))
                    if not lit or (lit & mask) != lit:
                        continue
                    # A one-bit literal counts when REG is its operand,
                    # a part of a wider field only when it starts the field.
                    one = bin(lit).count('1') == 1
                    if lit != mask and not one and \
                            (low_bit(lit) != lo or lit < 0x10 or
                             not contiguous(lit)):
                        continue
                    if one and (lit != mask or lit < 0x100) and \
                            (op in ('|', '^') or not pats[reg].search(
                                left_operand(st, m.start()))):
                        continue
                    hits.append((line, name, 'mask', '%s is %s' %
                                 (m.group(2), name if lit == mask else
                                  'part of ' + name)))
    seen, out = set(), []
    for h in hits:
        key = (h[0], h[1], h[2])
        if key not in seen:
            seen.add(key)
            out.append((path,) + h)
    return out


def tree_files():
    files = []
    for d in SCAN_DIRS:
        for root, dirs, names in os.walk(os.path.join(TOP, d)):
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
            for n in sorted(names):
                if n.endswith(('.c', '.h', '.S')) and \
                        not n.endswith('.mod.c'):	# kbuild's
                    files.append(os.path.relpath(os.path.join(root, n), TOP))
    return files


def read_allow(path):
    allow, errors = {}, []
    if not os.path.exists(path):
        return allow, errors
    for i, ln in enumerate(open(path), 1):
        ln = ln.strip()
        if not ln or ln.startswith('#'):
            continue
        parts = ln.split(None, 2)
        if len(parts) < 3:
            errors.append('%s:%d: an exception needs PATH FIELD REASON' %
                          (path, i))
            continue
        allow[(parts[0], parts[1])] = [i, 0]
    return allow, errors


def main(argv):
    tap, allow_file, paths = False, os.path.join(TOP, 'scripts',
                                                 'field-scan.allow'), []
    args = iter(argv)
    for a in args:
        if a == '--tap':
            tap = True
        elif a == '--allow':
            allow_file = next(args)
        else:
            paths.append(a)
    fields, refs = load_fields()
    pats = {reg: reg_pattern(reg) for reg in fields}
    whole_tree = not paths
    files = paths or tree_files()
    allow, errors = read_allow(allow_file)
    hits = []
    for f in files:
        full = f if os.path.isabs(f) else os.path.join(TOP, f)
        hits += scan_text(f, open(full, errors='replace').read(), fields,
                          refs, pats)
    left = []
    for h in hits:
        a = allow.get((h[0], h[2])) or allow.get((h[0], '*'))
        if a:
            a[1] += 1
        else:
            left.append(h)
    if whole_tree:
        for (p, fld), (i, used) in allow.items():
            if not used:
                errors.append('%s:%d: %s %s: nothing matches this exception'
                              % (allow_file, i, p, fld))
    nfields = sum(len(v) for v in fields.values())
    if tap:
        groups = {}
        for f in files:
            g = '/'.join(os.path.dirname(f).split('/')[:2]) or f
            groups.setdefault(g, []).append(f)
        n = 0
        n += 1
        print('%s %d - the register headers define %d fields of %d '
              'registers, %d reference values' %
              ('ok' if nfields > 100 and refs else 'not ok', n, nfields,
               len(fields), len(refs)))
        for g in sorted(groups):
            n += 1
            bad = [h for h in left if h[0] in groups[g]]
            for h in bad:
                print('# %s:%d: %s (%s)' % (h[0], h[1], h[4], h[3]))
            print('%s %d - %s: no hand-written field of include/armtrace '
                  '(%d files)' % ('not ok' if bad else 'ok', n, g,
                                  len(groups[g])))
        n += 1
        for e in errors:
            print('# ' + e)
        print('%s %d - every exception in %s has a reason and is used' %
              ('not ok' if errors else 'ok', n,
               os.path.relpath(allow_file, TOP)))
    else:
        for h in left:
            print('%s:%d: %s (%s)' % (h[0], h[1], h[4], h[3]))
        for e in errors:
            print(e)
    return 1 if left or errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
