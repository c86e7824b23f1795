"""Reads the linker's map of a build (firmware.elf.map): how many bytes each object puts in the image.

    sizes = linkmap.object_sizes(path, micropy_dir)   # {"py/objstr.c": 9876, "libgcc.a(_udivsi3.o)": 120, ...}

Only what the UF2 carries is counted: the sections that run from flash, and those copied from flash
to RAM at boot (.data, the RAM functions), never what only takes RAM (.bss, the heap, the stacks)
nor the debugging sections. The linker's padding, inside an output section and between two of
them, counts as "(padding)": the objects add up to firmware.bin's size.
"""
import os
import re

FLASH = (0x10000000, 0x20000000)       # XIP flash on the RP2040 and the RP2350
# Output sections with a load address in flash that the image does not carry: memmap_mp_rp2*.ld
# reserves them (COPY, NOLOAD) in RAM, and objcopy leaves them out of the .bin and the UF2.
NOT_IN_IMAGE = (".ram_vector_table", ".uninitialized_data", ".uninitialized_bss", ".bss", ".tbss",
                ".heap", ".stack_dummy", ".stack1_dummy")
PADDING = "(padding)"

_OUT = re.compile(r"^(\.\S+)(?:\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)(.*))?$")
_IN_NAME = re.compile(r"^ (\S+)\s*$")
_IN_LINE = re.compile(r"^ (\S+)\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s*(.*)$")
_CONT = re.compile(r"^\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s*(.*)$")
_LOAD = re.compile(r"load address (0x[0-9a-f]+)")


def _in_flash(addr):
    return FLASH[0] <= addr < FLASH[1]


def _load_address(name, addr, rest):
    """Where the output section `name` at `addr` (the rest of its line after the size) lies in the
    image, or None when the image does not carry it."""
    if name.startswith(NOT_IN_IMAGE):
        return None
    load = _LOAD.search(rest)
    lma = int(load.group(1), 16) if load else addr
    return lma if _in_flash(lma) else None


def _counts(name, addr, rest):
    return _load_address(name, addr, rest) is not None


def image_span(lines):
    """(start, end) of the image in flash: from the first output section it carries to the end of
    the last (firmware.bin is that span)."""
    start, end, pending = FLASH[1], FLASH[0], None
    for line in lines:
        m = _OUT.match(line)
        if m:
            pending = m.group(1) if m.group(2) is None else None
            if m.group(2) is not None:
                head = (m.group(1), int(m.group(2), 16), int(m.group(3), 16), m.group(4))
            else:
                continue
        else:
            c = _CONT.match(line) if pending else None
            if not c:
                pending = None
                continue
            head, pending = (pending, int(c.group(1), 16), int(c.group(2), 16), c.group(3)), None
        lma = _load_address(head[0], head[1], head[3])
        if lma is not None and head[2]:
            start, end = min(start, lma), max(end, lma + head[2])
    return start, end


def object_name(path, micropy_dir=None):
    """"py/objstr.c" for CMakeFiles/firmware.dir/<tree>/py/objstr.c.o; "libgcc.a(_udivsi3.o)" for
    an archive's member; else the path as the map gives it, without the object's suffix."""
    path = path.strip()
    if path.endswith(")") and "(" in path:
        return os.path.basename(path)
    if path.endswith(".obj") or path.endswith(".o"):
        path = path[:path.rindex(".")]
    if micropy_dir:
        tree = "CMakeFiles/firmware.dir/" + os.path.abspath(micropy_dir).strip("/") + "/"
        if path.startswith(tree):
            return path[len(tree):]
    return path[len("CMakeFiles/firmware.dir/"):] if path.startswith("CMakeFiles/firmware.dir/") else path


def _raw_sections(lines):
    """(output section counts?, address, size, file) for each input section, in the map's order."""
    counting, pending = False, None
    for line in lines:
        m = _OUT.match(line)
        if m:
            pending = None
            if m.group(2) is None:
                pending = ("out", m.group(1))
            else:
                counting = _counts(m.group(1), int(m.group(2), 16), m.group(4))
            continue
        m = _IN_LINE.match(line)
        if m and not line.startswith("  "):
            pending = None
            yield counting, int(m.group(2), 16), int(m.group(3), 16), m.group(4) or m.group(1)
            continue
        m = _IN_NAME.match(line)
        if m:
            pending = ("in", m.group(1))
            continue
        m = _CONT.match(line)
        if m and pending:
            kind, name = pending
            pending = None
            if kind == "out":
                counting = _counts(name, int(m.group(1), 16), m.group(3))
            else:
                yield counting, int(m.group(1), 16), int(m.group(2), 16), m.group(3)


def _sections(lines):
    """(counts?, size, file) for each input section. A string section the linker merged into an
    earlier one is listed with its size before the merge, at the address where the next section
    starts: what it really takes is up to that next section."""
    held = None
    for counting, addr, size, where in _raw_sections(lines):
        if not size:
            continue
        if held:
            h_counting, h_addr, h_size, h_where = held
            if h_addr <= addr < h_addr + h_size:
                h_size = addr - h_addr
            yield h_counting, h_size, h_where
        held = (counting, addr, size, where)
    if held:
        yield held[0], held[2], held[3]


def object_sizes(path, micropy_dir=None):
    """{object: bytes it puts in the image} from the map at `path`."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    start = text.find("Linker script and memory map")
    if start < 0:
        raise ValueError("%s is not a GNU ld map (no 'Linker script and memory map')" % path)
    lines = text[start:].splitlines()
    sizes = {}
    for counting, size, where in _sections(lines):
        if not counting or not size:
            continue
        name = PADDING if where == "*fill*" or not where else object_name(where, micropy_dir)
        sizes[name] = sizes.get(name, 0) + size
    start, end = image_span(lines)
    between = end - start - sum(sizes.values())     # the gaps between output sections
    if between:
        sizes[PADDING] = sizes.get(PADDING, 0) + between
    return sizes
