# Ultimus Box's own board for MicroPython's rp2 port: a Raspberry Pi Pico (RP2040, 2 MB flash) whose
# firmware region is 1 MB, so the frozen firmware (firmware/manifest.py) has room to grow. See README.md here.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
