// The emulated box: an RP2040 (rp2040js) running a MicroPython image it is given, driven line by line.
//
//   node tools/chip/chip.mjs          (tools/chip/harness.py starts it; one JSON command a line on stdin,
//                                      one JSON reply a line on stdout)
//
// Time is the chip's own: the emulation runs only inside a command (`run`), as fast as the PC allows,
// and every time it reports is emulated time since power-on (cycles at 125 MHz). Nothing runs between
// commands, so a host that answers at once is a host that answers in no emulated time at all.
//
// What rp2040js lacks and this file adds, each as the box needs it:
// - the flash: rp2040js's SSI answers the boot stage's questions but erases and programs nothing. The
//   bootrom's flash_range_erase and flash_range_program (found through its function table, as the SDK
//   finds them) start with a BKPT here; the break does the erase or program on the flash array, counts
//   it, and returns. A power cut can be set at the Nth of them, torn (half done) or before it starts.
// - the PIO: rp2040js runs state machines on wall-clock timers. Here no program runs; each enabled state
//   machine's TX FIFO drains one word per WS2812 word time (24 bits of 10 PIO cycles at its clock
//   divider), and every word drained is an LED word, kept in frames of `pixels` words.
// - the USB CDC: rp2040js's helper answers every OUT transfer at once, with an empty packet when it has
//   no byte, so the chip would never sleep; here a transfer waits until the host has bytes.
// - the heap: MicroPython's GC table is found in RAM (the area record: alloc table, its length, the
//   finaliser table, the pool's start and end) and read as it is: free bytes, the largest free run,
//   and a sample after each collection (a collection is a drop in the blocks in use, or mark bits seen
//   and then gone).
// - sleeping: the time the core spends in WFE/WFI; the longest busy stretch between two sleeps (a loop
//   that never sleeps across a task's turn: an upper bound on the event loop's longest turn).

import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { RP2040, USBCDC } from 'rp2040js';

const MB = 1024 * 1024;
const FLASH_BYTES = 2 * MB; // the Pico's W25Q16
const FLASH_BASE = 0x10000000;
const RAM_BASE = 0x20000000;
const RAM_BYTES = 264 * 1024;
const CYCLE_NANOS = 8; // 125 MHz
const BREAK_ERASE = 0xe1;
const BREAK_PROGRAM = 0xe2;
const SAMPLE_NANOS = 1e6; // the heap is looked at every emulated millisecond
const BLOCK_BYTES = 16; // MicroPython's GC block on a 32-bit port
const WS2812_CYCLES_PER_BIT = 10;
const PROBE_MAGIC = [0x0c41b0e5, 0x7e57ab1e];

function romCode(a, b) {
  return a.charCodeAt(0) | (b.charCodeAt(0) << 8);
}

/** The bootrom as 4096 words: a 16 KB binary, or a text of 0x words (rp2040js's demo/bootrom.ts). */
export function readBootrom(path) {
  const raw = readFileSync(path);
  if (raw.length === 16384) {
    return new Uint32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  }
  const text = raw.toString('latin1');
  const start = text.indexOf('[');
  const words = (start >= 0 ? text.slice(start) : text).match(/0x[0-9a-fA-F]{1,8}/g) || [];
  if (words.length !== 4096) {
    throw new Error(`${path}: not an RP2040 bootrom (16384 bytes, or a list of 4096 words)`);
  }
  return Uint32Array.from(words.map((w) => parseInt(w, 16) >>> 0));
}

/** The flash bytes of a UF2 image; throws a one-line reason for anything else. */
export function uf2Payload(path, flash) {
  const raw = readFileSync(path);
  if (raw.length === 0 || raw.length % 512 !== 0) {
    throw new Error(`${path}: not a UF2 image (its size is not a multiple of 512 bytes)`);
  }
  const view = new DataView(raw.buffer, raw.byteOffset, raw.length);
  let blocks = 0;
  let end = 0;
  for (let off = 0; off < raw.length; off += 512) {
    const magic0 = view.getUint32(off, true);
    const magic1 = view.getUint32(off + 4, true);
    const magicEnd = view.getUint32(off + 508, true);
    if (magic0 !== 0x0a324655 || magic1 !== 0x9e5d5157 || magicEnd !== 0x0ab16f30) {
      throw new Error(`${path}: not a UF2 image (block ${off / 512} has no UF2 magic)`);
    }
    const flags = view.getUint32(off + 8, true);
    if (flags & 1) continue; // "not main flash"
    const target = view.getUint32(off + 12, true);
    const size = view.getUint32(off + 16, true);
    if (flags & 0x2000 && view.getUint32(off + 28, true) !== 0xe48bff56) {
      continue; // another family's block (an RP2350 image's, say)
    }
    if (target < FLASH_BASE || target + size > FLASH_BASE + FLASH_BYTES || size > 476) {
      throw new Error(`${path}: a UF2 block for 0x${target.toString(16)}, outside the Pico's 2 MB flash`);
    }
    flash.set(raw.subarray(off + 32, off + 32 + size), target - FLASH_BASE);
    end = Math.max(end, target - FLASH_BASE + size);
    blocks++;
  }
  if (!blocks) {
    throw new Error(`${path}: a UF2 image with no block for the RP2040's flash`);
  }
  return { blocks, end };
}

class Chip {
  constructor(bootrom, flash, options) {
    this.flash = flash; // the box's flash: it outlives every power-on
    this.options = options;
    const mcu = (this.mcu = new RP2040()); // its own SimulationClock: time starts at power-on
    this.clock = mcu.clock;
    mcu.loadBootrom(bootrom);
    mcu.flash.set(flash);
    this.patchFlashFunctions();
    mcu.onBreak = (code) => this.onBreak(code);
    mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
    this.dead = false;
    this.why = null; // why the chip stopped: "cut", "reset", "watchdog", "break"
    this.ops = { erase: 0, program: 0, erased: 0, programmed: 0 };
    this.cut = null; // {at: op number, torn}
    this.resetStats();
    this.rx = []; // [t_us, line] received from the box
    this.partial = [];
    this.partialStart = 0;
    this.toBox = []; // bytes waiting for the box
    this.pendingRead = null;
    this.connected = false;
    this.setupUsb();
    this.setupPio();
    this.heapArea = null;
    this.gcSamples = [];
    this.lastUsed = -1;
    this.sawMarks = false;
    this.nextSample = SAMPLE_NANOS;
    this.extraNanos = 0;
    for (const gpio of options.pullups || []) {
      mcu.gpio[gpio].setInputValue(true); // a released button: its pull-up holds the line high
    }
    const watchdog = (this.watchdog = mcu.peripherals[0x40058]);
    watchdog.reason = options.reason || 0; // what the reset left in REASON (machine.reset_cause reads it)
    watchdog.onWatchdogTrigger = () => {
      this.dead = true;
      this.why = watchdog.reason & 2 ? 'reset' : 'watchdog';
    };
    mcu.core.PC = FLASH_BASE;
  }

  // --- the flash -------------------------------------------------------------
  patchFlashFunctions() {
    const rom = this.mcu.bootrom;
    const half = (addr) => (rom[addr >>> 2] >>> ((addr & 2) * 8)) & 0xffff;
    const setHalf = (addr, v) => {
      const i = addr >>> 2;
      const shift = (addr & 2) * 8;
      rom[i] = ((rom[i] & ~(0xffff << shift)) | (v << shift)) >>> 0;
    };
    let entry = half(0x14);
    const found = {};
    for (let n = 0; n < 64; n++, entry += 4) {
      const code = half(entry);
      if (!code) break;
      found[code] = half(entry + 2) & ~1;
    }
    const erase = found[romCode('R', 'E')];
    const program = found[romCode('R', 'P')];
    if (!erase || !program) {
      throw new Error('the bootrom has no flash_range_erase/flash_range_program in its function table');
    }
    setHalf(erase, 0xbe00 | BREAK_ERASE);
    setHalf(program, 0xbe00 | BREAK_PROGRAM);
  }

  onBreak(code) {
    const core = this.mcu.core;
    if (code !== BREAK_ERASE && code !== BREAK_PROGRAM) {
      this.dead = true;
      this.why = `break ${code} at 0x${(core.PC - 2).toString(16)}`;
      return;
    }
    const r = core.registers;
    const addr = r[0] >>> 0;
    const count = (code === BREAK_ERASE ? r[1] : r[2]) >>> 0;
    const n = this.ops.erase + this.ops.program + 1;
    const cut = this.cut && n >= this.cut.at ? this.cut : null;
    if (addr + count > FLASH_BYTES) {
      this.dead = true;
      this.why = `flash operation outside the flash: 0x${addr.toString(16)} + ${count}`;
      return;
    }
    // torn: the operation stops half way (a program's first half of bytes, an erase's first half)
    const done = cut ? (cut.torn ? Math.floor(count / 2) : 0) : count;
    if (code === BREAK_ERASE) {
      this.ops.erase++;
      this.ops.erased += count;
      this.mcu.flash.fill(0xff, addr, addr + done);
      this.flash.fill(0xff, addr, addr + done);
      this.extraNanos += this.options.eraseNanos * (count / 4096);
    } else {
      this.ops.program++;
      this.ops.programmed += count;
      const src = r[1] >>> 0;
      for (let i = 0; i < done; i++) {
        const v = this.mcu.flash[addr + i] & this.mcu.readUint8(src + i); // NOR: a program only clears bits
        this.mcu.flash[addr + i] = v;
        this.flash[addr + i] = v;
      }
      this.extraNanos += this.options.programNanos * (count / 256);
    }
    if (cut) {
      this.dead = true;
      this.why = 'cut';
      this.cutDone = { op: n, kind: code === BREAK_ERASE ? 'erase' : 'program', addr, count, done };
      return;
    }
    core.PC = r[14] & ~1; // return from the ROM function
  }

  // --- the USB CDC -------------------------------------------------------------
  setupUsb() {
    const cdc = (this.cdc = new USBCDC(this.mcu.usbCtrl));
    cdc.onDeviceConnected = () => {
      this.connected = true;
    };
    cdc.onSerialData = (buffer) => {
      const now = this.clock.nanos / 1000;
      for (const byte of buffer) {
        if (!this.partial.length) this.partialStart = now;
        if (byte === 10) {
          if (this.partial[this.partial.length - 1] === 13) this.partial.pop();
          this.rx.push([this.partialStart, now, Buffer.from(this.partial).toString('utf8')]);
          this.partial = [];
        } else if (byte !== 13 || this.partial.length) {
          this.partial.push(byte);
        }
      }
    };
    const usb = this.mcu.usbCtrl;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== cdc.outEndpoint) return;
      this.pendingRead = { endpoint, size };
      this.feedUsb();
    };
  }

  feedUsb() {
    if (!this.pendingRead || !this.toBox.length) return;
    const { endpoint, size } = this.pendingRead;
    this.pendingRead = null;
    const n = Math.min(size, this.toBox.length);
    this.mcu.usbCtrl.endpointReadDone(endpoint, Uint8Array.from(this.toBox.splice(0, n)));
  }

  send(bytes) {
    for (const b of bytes) this.toBox.push(b);
    this.feedUsb();
  }

  // --- the PIO: LED words ----------------------------------------------------------
  setupPio() {
    this.frames = 0;
    this.words = [];
    this.lastFrame = null;
    this.frameTimes = [];
    this.drainAt = [0, 0, 0, 0, 0, 0, 0, 0];
    for (const pio of this.mcu.pio) {
      pio.run = () => {}; // no wall-clock stepping: the FIFO drains in emulated time (drainPio)
    }
  }

  drainPio() {
    const now = this.clock.nanos;
    const pixels = this.options.pixels;
    for (let p = 0; p < 2; p++) {
      const machines = this.mcu.pio[p].machines;
      for (let m = 0; m < 4; m++) {
        const sm = machines[m];
        if (!sm.enabled || sm.txFIFO.empty) continue;
        const k = p * 4 + m;
        if (now < this.drainAt[k]) continue;
        const word = sm.txFIFO.pull();
        const div = sm.clockDivInt + sm.clockDivFrac / 256 || 1;
        this.drainAt[k] = Math.max(this.drainAt[k], now) + 24 * WS2812_CYCLES_PER_BIT * div * CYCLE_NANOS;
        if (p === 0 && m === 0) {
          this.words.push(word >>> 8);
          if (this.words.length === pixels) {
            this.lastFrame = this.words;
            this.words = [];
            this.frames++;
            this.frameTimes.push(now / 1000);
            if (this.frameTimes.length > 4096) this.frameTimes.shift();
          }
        }
      }
    }
  }

  // --- the heap ----------------------------------------------------------------------
  findHeap() {
    const ram = this.mcu.sramView;
    const inRam = (v) => v >= RAM_BASE && v <= RAM_BASE + RAM_BYTES;
    for (let off = 0; off + 20 <= RAM_BYTES; off += 4) {
      const atb = ram.getUint32(off, true);
      if (!inRam(atb)) continue;
      const len = ram.getUint32(off + 4, true);
      if (len < 256 || len > RAM_BYTES / 64) continue;
      for (const withFinaliser of [true, false]) {
        const at = withFinaliser ? off + 12 : off + 8;
        const poolStart = ram.getUint32(at, true);
        const poolEnd = ram.getUint32(at + 4, true);
        if (!inRam(poolEnd) || poolEnd - poolStart !== len * 4 * BLOCK_BYTES) continue;
        if (withFinaliser) {
          const ftb = ram.getUint32(off + 8, true);
          if (ftb - atb - len > 1 || ftb < atb + len) continue;
        } else if (poolStart < atb + len) {
          continue;
        }
        return { record: RAM_BASE + off, atb, len, poolStart, poolEnd };
      }
    }
    return null;
  }

  heap() {
    if (!this.heapArea) this.heapArea = this.findHeap();
    const area = this.heapArea;
    if (!area) return null;
    const sram = this.mcu.sram;
    const base = area.atb - RAM_BASE;
    let free = 0;
    let run = 0;
    let largest = 0;
    let marks = 0;
    for (let i = 0; i < area.len; i++) {
      const byte = sram[base + i];
      for (let s = 0; s < 8; s += 2) {
        const kind = (byte >> s) & 3;
        if (kind === 0) {
          free++;
          run++;
          if (run > largest) largest = run;
        } else {
          run = 0;
          if (kind === 3) marks++;
        }
      }
    }
    const blocks = area.len * 4;
    return { total: blocks * BLOCK_BYTES, free: free * BLOCK_BYTES, largest: largest * BLOCK_BYTES, used: blocks - free, marks };
  }

  sampleHeap() {
    const h = this.heap();
    if (!h) return;
    if (h.marks) {
      this.sawMarks = true; // a collection under way: the sample after it counts
      return;
    }
    const dropped = this.lastUsed >= 0 && this.lastUsed - h.used >= this.options.gcDropBlocks;
    if (this.sawMarks || dropped) {
      this.gcSamples.push({ t: this.clock.nanos / 1000, free: h.free, largest: h.largest });
    }
    this.sawMarks = false;
    this.lastUsed = h.used;
  }

  // --- the loop probe (tools/chip/probe.py): an array in RAM that starts with two magic words ------------
  probe(reset) {
    const ram = this.mcu.sramView;
    const at = this.probeAt;
    if (at === undefined || ram.getUint32(at, true) !== PROBE_MAGIC[0] || ram.getUint32(at + 4, true) !== PROBE_MAGIC[1]) {
      this.probeAt = undefined;
      for (let off = 0; off + 20 <= RAM_BYTES; off += 4) {
        if (ram.getUint32(off, true) === PROBE_MAGIC[0] && ram.getUint32(off + 4, true) === PROBE_MAGIC[1]) {
          this.probeAt = off;
          break;
        }
      }
      if (this.probeAt === undefined) return null;
    }
    const off = this.probeAt;
    const out = {
      step_max_us: ram.getUint32(off + 8, true),
      steps: ram.getUint32(off + 12, true),
      running: ram.getUint32(off + 16, true) !== 0,
    };
    if (reset) ram.setUint32(off + 8, 0, true);
    return out;
  }

  // --- running -----------------------------------------------------------------------
  resetStats() {
    this.busyMax = 0;
    this.busyMaxAt = 0;
    this.busySince = this.clock.nanos;
    this.sleptNanos = 0;
  }

  /** Run until `ms` of emulated time pass, or `lines` lines came from the box, or the chip stops. */
  run(ms, lines) {
    const core = this.mcu.core;
    const clock = this.clock;
    const end = clock.nanos + ms * 1e6;
    const wanted = lines ? this.rx.length + lines : Infinity;
    let wasWaiting = core.waiting;
    while (!this.dead && clock.nanos < end && this.rx.length < wanted) {
      for (let i = 0; i < 256 && !this.dead; i++) {
        if (core.waiting) {
          if (!wasWaiting) {
            const busy = clock.nanos - this.busySince;
            if (busy > this.busyMax) {
              this.busyMax = busy;
              this.busyMaxAt = clock.nanos;
            }
            wasWaiting = true;
          }
          let dt = clock.nanosToNextAlarm;
          const left = end - clock.nanos;
          if (dt <= 0 || dt > left) dt = left;
          const sample = this.nextSample - clock.nanos;
          if (sample > 0 && sample < dt) dt = sample;
          if (dt <= 0) break;
          clock.tick(dt);
          this.sleptNanos += dt;
          break;
        }
        if (wasWaiting) {
          this.busySince = clock.nanos;
          wasWaiting = false;
        }
        const cycles = core.executeInstruction();
        clock.tick(cycles * CYCLE_NANOS);
        if (this.extraNanos) {
          clock.tick(this.extraNanos); // the flash operation's own time, when it is modelled
          this.extraNanos = 0;
        }
      }
      this.drainPio();
      if (clock.nanos >= this.nextSample) {
        this.sampleHeap();
        this.nextSample = clock.nanos + SAMPLE_NANOS;
      }
    }
    if (!wasWaiting) {
      const busy = clock.nanos - this.busySince;
      if (busy > this.busyMax) {
        this.busyMax = busy;
        this.busyMaxAt = clock.nanos;
      }
    }
  }

  takeLines() {
    const out = this.rx;
    this.rx = [];
    return out;
  }
}

// --- the command loop ---------------------------------------------------------------------
const state = { bootrom: null, flash: null, chip: null, options: null };

const COMMANDS = {
  load({ bootrom, image, fs, fs_offset, pixels, pullups, erase_ms, program_ms, gc_drop_blocks }) {
    state.bootrom = readBootrom(bootrom);
    const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
    const { blocks, end } = uf2Payload(image, flash);
    if (fs) {
      const data = readFileSync(fs);
      if (fs_offset < end) {
        throw new Error(`the image's code (${end} bytes) reaches into the file system at ${fs_offset}`);
      }
      flash.set(data, fs_offset);
    }
    state.flash = flash;
    state.options = {
      pixels: pixels || 78,
      pullups: pullups || [],
      eraseNanos: (erase_ms || 0) * 1e6,
      programNanos: (program_ms || 0) * 1e6,
      gcDropBlocks: gc_drop_blocks || 256,
    };
    return { blocks, image_end: end };
  },
  power_on({ reason }) {
    if (!state.flash) throw new Error('nothing loaded');
    state.chip = new Chip(state.bootrom, state.flash, Object.assign({}, state.options, { reason: reason || 0 }));
    return { t_us: 0 };
  },
  run({ ms, lines }) {
    const chip = need();
    chip.run(ms, lines || 0);
    return status(chip, { lines: chip.takeLines() });
  },
  send({ text }) {
    need().send(Buffer.from(text, 'utf8'));
    return {};
  },
  pin({ gpio, value }) {
    need().mcu.gpio[gpio].setInputValue(!!value);
    return {};
  },
  cut({ at, torn }) {
    const chip = need();
    // at: the at-th flash operation from now (1: the next one); 0 or less: no cut
    chip.cut = at > 0 ? { at: chip.ops.erase + chip.ops.program + at, torn: !!torn } : null;
    return {};
  },
  stats({ reset }) {
    const chip = need();
    const out = {
      t_us: chip.clock.nanos / 1000,
      ops: chip.ops,
      busy_max_us: chip.busyMax / 1000,
      busy_max_at_us: chip.busyMaxAt / 1000,
      slept_us: chip.sleptNanos / 1000,
      frames: chip.frames,
      frame: chip.lastFrame,
      frame_times_us: chip.frameTimes,
      heap: chip.heap(),
      heap_record: chip.heapArea,
      probe: chip.probe(reset),
      gc: chip.gcSamples,
    };
    if (reset) {
      chip.resetStats();
      chip.gcSamples = [];
      chip.frameTimes = [];
    }
    return out;
  },
  dump({ path, offset, size }) {
    writeFileSync(path, state.flash.subarray(offset, offset + size));
    return {};
  },
  quit() {
    process.exit(0);
  },
};

function need() {
  if (!state.chip) throw new Error('the chip is not powered on');
  return state.chip;
}

function status(chip, extra) {
  return Object.assign(
    {
      t_us: chip.clock.nanos / 1000,
      dead: chip.dead,
      why: chip.why,
      cut: chip.cutDone || null,
      connected: chip.connected,
    },
    extra,
  );
}

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  let reply;
  try {
    const command = JSON.parse(line);
    const handler = COMMANDS[command.cmd];
    if (!handler) throw new Error(`no such command: ${command.cmd}`);
    reply = Object.assign({ ok: true }, handler(command));
  } catch (err) {
    reply = { ok: false, error: String(err && err.message ? err.message : err) };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
input.on('close', () => process.exit(0)); // the driver went away: so does the chip
