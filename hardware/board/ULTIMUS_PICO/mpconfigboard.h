// Ultimus Box's board: a Raspberry Pi Pico whose file system is the last 1 MB of its 2 MB flash
// (from 0x100000), leaving the first 1 MB to the firmware and its frozen bytecode. The stock RPI_PICO
// board keeps 1408 KB for the file system (from 0xA0000), which the frozen box outgrew.
#define MICROPY_HW_BOARD_NAME          "Ultimus Box (Raspberry Pi Pico)"
#define MICROPY_HW_FLASH_STORAGE_BYTES (1024 * 1024)
