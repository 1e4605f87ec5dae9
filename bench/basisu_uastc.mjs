// The Basis Universal side of bench_uastc: encodes each raw RGBA file given
// (u32 width, u32 height, pixels) with the npm package ktx2-encoder (Basis
// Universal 2.50 wasm) at UASTC levels 0, 1 and 2 (sRGB, no mips, no zstd),
// decodes the result with the same wasm's transcoder and prints one JSON line
// per file and level: {file, level, ms, rgba (base64)}.
// Usage: node basisu_uastc.mjs TOOLS_DIR FILE...
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const tools = process.argv[2];
const { encodeToKTX2 } = await import(pathToFileURL(path.join(tools, 'node_modules/ktx2-encoder/dist/node/index.js')).href);
const { default: BASIS } = await import(pathToFileURL(path.join(tools, 'node_modules/ktx2-encoder/dist/basis/basis_encoder.js')).href);
const m = await BASIS();
m.initializeBasis();

async function encode(width, height, data, level) {
  return encodeToKTX2(new Uint8Array(1), {
    isUASTC: true, uastcLDRQualityLevel: level, needSupercompression: false,
    generateMipmap: false, isSetKTX2SRGBTransferFunc: true,
    imageDecoder: async () => ({ width, height, data }),
  });
}
// Warm up (wasm compilation) outside the timings.
await encode(4, 4, new Uint8Array(64), 0);

for (const file of process.argv.slice(3)) {
  const raw = new Uint8Array(await readFile(file));
  const dv = new DataView(raw.buffer, raw.byteOffset);
  const width = dv.getUint32(0, true), height = dv.getUint32(4, true);
  const data = raw.subarray(8);
  for (const level of [0, 1, 2]) {
    const t0 = performance.now();
    const ktx2 = await encode(width, height, data, level);
    const ms = performance.now() - t0;
    const f = new m.KTX2File(ktx2);
    f.startTranscoding();
    const dst = new Uint8Array(f.getImageTranscodedSizeInBytes(0, 0, 0, 13));
    f.transcodeImage(dst, 0, 0, 0, 13 /* RGBA32 */, 0, -1, -1);
    f.close();
    f.delete();
    console.log(JSON.stringify({ file, level, ms, rgba: Buffer.from(dst).toString('base64') }));
  }
}
