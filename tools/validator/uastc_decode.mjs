// Decodes each UASTC KTX2 file given with the Basis Universal transcoder (the
// wasm module bundled in the npm package ktx2-encoder; an independent UASTC
// decoder) and prints one JSON line per file: validity, whether it is UASTC,
// whether it has alpha, and every level as RGBA32 pixels in base64.
// Used by tests/uastc_ktx2_test.cpp. Exit 1 if a file does not transcode.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
// The package's "exports" hides the module, so import it by path.
const { default: BASIS } = await import(path.join(here, 'node_modules/ktx2-encoder/dist/basis/basis_encoder.js'));
const m = await BASIS();
m.initializeBasis();
const RGBA32 = 13;

let bad = 0;
for (const file of process.argv.slice(2)) {
  const f = new m.KTX2File(new Uint8Array(await readFile(file)));
  const out = { file, valid: f.isValid(), uastc: false, hasAlpha: false, levels: [] };
  if (out.valid && f.startTranscoding()) {
    out.uastc = f.isUASTC();
    out.hasAlpha = f.getHasAlpha();
    for (let level = 0; level < f.getLevels(); ++level) {
      const info = f.getImageLevelInfo(level, 0, 0);
      const dst = new Uint8Array(f.getImageTranscodedSizeInBytes(level, 0, 0, RGBA32));
      const ok = f.transcodeImage(dst, level, 0, 0, RGBA32, 0, -1, -1);
      if (!ok) bad++;
      out.levels.push({ width: info.origWidth, height: info.origHeight, ok: !!ok,
                        rgba: Buffer.from(dst).toString('base64') });
    }
  } else {
    bad++;
  }
  f.close();
  f.delete();
  console.log(JSON.stringify(out));
}
// Not process.exit(): it can cut off stdout still queued for a full pipe
// (the reader here is a test that may be slow to drain it).
process.exitCode = bad ? 1 : 0;
