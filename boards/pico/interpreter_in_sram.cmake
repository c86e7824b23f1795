# The bytecode loop and the garbage collector run from SRAM, as MicroPython's linker script means.
# Its memmap_mp_rp2040.ld keeps "*vm.c.obj *gc.c.obj" out of flash, but CMake names the objects
# vm.c.o, so in v1.28.0 both run from flash through the 16 KB XIP cache (fixed upstream by
# micropython PR #19370). We link with a copy of the tree's own script, corrected in the build
# folder at configure time. parse.c stays in flash: frozen bytecode never parses on a press.
set(_ld_in ${MICROPY_PORT_DIR}/memmap_mp_rp2040.ld)
set(_ld_out ${CMAKE_BINARY_DIR}/memmap_mp_rp2040_sram_vm.ld)
set(_ld_pattern "*gc.c.obj *vm.c.obj *parse.c.obj")
file(READ ${_ld_in} _ld)
string(FIND "${_ld}" "${_ld_pattern}" _ld_at)
if(_ld_at EQUAL -1)
    message(FATAL_ERROR "${_ld_in}: no '${_ld_pattern}' to correct (another MicroPython?)")
endif()
string(REPLACE "${_ld_pattern}" "*/py/gc.c.o */py/vm.c.o" _ld "${_ld}")
file(WRITE ${_ld_out} "${_ld}")
set(MICROPY_BOARD_LINKER_SCRIPT ${_ld_out})
