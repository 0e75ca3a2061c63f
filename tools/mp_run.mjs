// Run a Python script under real MicroPython (the WebAssembly port) in Node.
// The rules core (firmware/) is laid out in MicroPython's file system so that
// `import games.ultimus` works exactly as on the Pico.
//   node tools/mp_run.mjs SCRIPT.py [--heap 256k] [--mpy DIR] [--data FILE] [-- ARGS...]
// --host DIR takes the host package's driver fakes from DIR instead of host/ultimus_host (an older
// version's, extracted from git by the bench).
// --data FILE puts FILE at /data in MicroPython's file system (input too big for ARGS).
// --mpy DIR lays out the mpy-cross output in DIR (tools/compile_firmware.py)
// instead of the sources, to run exactly what the deploy step puts on a Pico.
// ARGS reach the script as the list `ARGS` (strings). Exit code 1 on a Python error.
// If the script defines step(), it is called again and again, each call in a
// runPython of its own, until it returns a false value; after() (if defined)
// runs between the calls. This port's garbage collector only frees what is no
// longer referenced once a runPython call has returned, so long runs must be
// cut into steps to stay in a bounded heap.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const sep = argv.indexOf("--");
const own = sep >= 0 ? argv.slice(0, sep) : argv;
const scriptArgs = sep >= 0 ? argv.slice(sep + 1) : [];
const script = own[0];
let heapsize = 1024 * 1024;
const mpyAt = own.indexOf("--mpy");
const tree = mpyAt >= 0 ? own[mpyAt + 1] : join(root, "firmware");
const heapAt = own.indexOf("--heap");
if (heapAt >= 0) {
  const text = own[heapAt + 1].toLowerCase();
  heapsize = parseInt(text) * (text.endsWith("k") ? 1024 : text.endsWith("m") ? 1048576 : 1);
}

const mp = await loadMicroPython({ heapsize, stdout: (line) => process.stdout.write(line + "\n"),
                                   stderr: (line) => process.stderr.write(line + "\n") });

function copyTree(src, dest) {
  try { mp.FS.mkdir(dest); } catch (e) { /* exists */ }
  for (const name of readdirSync(src)) {
    const path = join(src, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(path, dest + "/" + name);
    } else if (name.endsWith(".py") || name.endsWith(".mpy")) {
      mp.FS.writeFile(dest + "/" + name, readFileSync(path));
    }
  }
}
copyTree(tree, "/fw");
const dataAt = own.indexOf("--data");
if (dataAt >= 0) mp.FS.writeFile("/data", readFileSync(own[dataAt + 1]));
const hostAt = own.indexOf("--host");
copyTree(hostAt >= 0 ? own[hostAt + 1] : join(root, "host", "ultimus_host"), "/fw/ultimus_host");  // the driver fakes run there too
copyTree(join(root, "tests", "mpy"), "/fw");  // and the measuring helpers of the scripts

const prelude = "import sys\nsys.path.insert(0, '/fw')\nARGS = " + JSON.stringify(scriptArgs) + "\n";
try {
  mp.runPython(prelude + readFileSync(script, "utf8"));
  mp.runPython("_has_step = 'step' in globals()\n_has_after = 'after' in globals()");
  if (mp.globals.get("_has_step")) {
    const after = mp.globals.get("_has_after");
    for (;;) {
      mp.runPython("_more = step()");
      if (!mp.globals.get("_more")) break;
      if (after) mp.runPython("after()");
    }
  }
} catch (err) {
  process.stderr.write(String(err) + "\n");
  process.exit(1);
}
