// The Basis Universal side of bench_uastc: encodes each raw RGBA file given
// (u32 width, u32 height, pixels) with the npm package ktx2-encoder (Basis
// Universal 2.50 wasm) at UASTC levels 0, 1 and 2 (sRGB, no mips, no zstd),
// decodes the result with the same wasm's transcoder and prints one JSON line
// per file and level: {file, level, ms, rgba, etc1} (RGBA8 in base64; etc1 is
// the image transcoded to ETC1 RGB and decoded here, alpha 255). For a file
// X.rgba, X.ktx2 (Strata's encoding) gets a line {file, level: "strata", etc1}
// too, so the transcoding hints of both encoders can be compared.
// Usage: node basisu_uastc.mjs TOOLS_DIR FILE...
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const tools = process.argv[2];
const { encodeToKTX2 } = await import(pathToFileURL(path.join(tools, 'node_modules/ktx2-encoder/dist/node/index.js')).href);
const { default: BASIS } = await import(pathToFileURL(path.join(tools, 'node_modules/ktx2-encoder/dist/basis/basis_encoder.js')).href);
const m = await BASIS();
m.initializeBasis();
const RGBA32 = 13, ETC1_RGB = 0; // transcoder_texture_format values

async function encode(width, height, data, level) {
  return encodeToKTX2(new Uint8Array(1), {
    isUASTC: true, uastcLDRQualityLevel: level, needSupercompression: false,
    generateMipmap: false, isSetKTX2SRGBTransferFunc: true,
    imageDecoder: async () => ({ width, height, data }),
  });
}
// ETC1 RGB blocks (8 bytes, big-endian fields: Khronos Data Format Spec,
// ETC1 chapter) to RGBA8.
const ETC1_TABLES = [[2, 8], [5, 17], [9, 29], [13, 42], [18, 60], [24, 80], [33, 106], [47, 183]];
function decodeEtc1(blocks, width, height) {
  const out = new Uint8Array(width * height * 4);
  const bw = Math.ceil(width / 4);
  for (let by = 0; by < Math.ceil(height / 4); ++by)
    for (let bx = 0; bx < bw; ++bx) {
      const b = blocks.subarray((by * bw + bx) * 8);
      const hi = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
      const lo = ((b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7]) >>> 0;
      const diff = (hi >>> 1) & 1, flip = hi & 1;
      const tables = [(hi >>> 5) & 7, (hi >>> 2) & 7];
      const base = [[], []];
      for (let c = 0; c < 3; ++c) {
        const shift = 24 - 8 * c;
        if (diff) {
          const v = (hi >>> (shift + 3)) & 31;
          let d = (hi >>> shift) & 7;
          if (d >= 4) d -= 8;
          const v2 = v + d;
          base[0][c] = (v << 3) | (v >> 2);
          base[1][c] = (v2 << 3) | (v2 >> 2);
        } else {
          const a = (hi >>> (shift + 4)) & 15, b2 = (hi >>> shift) & 15;
          base[0][c] = a * 17;
          base[1][c] = b2 * 17;
        }
      }
      for (let x = 0; x < 4; ++x)
        for (let y = 0; y < 4; ++y) {
          const i = x * 4 + y, sub = flip ? (y >= 2 ? 1 : 0) : (x >= 2 ? 1 : 0);
          const idx = (((lo >>> (16 + i)) & 1) << 1) | ((lo >>> i) & 1);
          const t = ETC1_TABLES[tables[sub]];
          const m = [t[0], t[1], -t[0], -t[1]][idx];
          const px = bx * 4 + x, py = by * 4 + y;
          if (px >= width || py >= height) continue;
          for (let c = 0; c < 3; ++c)
            out[(py * width + px) * 4 + c] = Math.min(255, Math.max(0, base[sub][c] + m));
          out[(py * width + px) * 4 + 3] = 255;
        }
    }
  return out;
}

function transcode(ktx2, width, height) {
  const f = new m.KTX2File(ktx2);
  f.startTranscoding();
  const rgba = new Uint8Array(f.getImageTranscodedSizeInBytes(0, 0, 0, RGBA32));
  f.transcodeImage(rgba, 0, 0, 0, RGBA32, 0, -1, -1);
  const etc = new Uint8Array(f.getImageTranscodedSizeInBytes(0, 0, 0, ETC1_RGB));
  f.transcodeImage(etc, 0, 0, 0, ETC1_RGB, 0, -1, -1);
  f.close();
  f.delete();
  const b64 = (a) => Buffer.from(a).toString('base64');
  return { rgba: b64(rgba), etc1: b64(decodeEtc1(etc, width, height)) };
}

// Warm up (wasm compilation) outside the timings.
await encode(4, 4, new Uint8Array(64), 0);

for (const file of process.argv.slice(3)) {
  const raw = new Uint8Array(await readFile(file));
  const dv = new DataView(raw.buffer, raw.byteOffset);
  const width = dv.getUint32(0, true), height = dv.getUint32(4, true);
  const data = raw.subarray(8);
  const ours = await readFile(file.replace(/\.rgba$/, '.ktx2')).catch(() => null);
  if (ours)
    console.log(JSON.stringify({ file, level: 'strata', ...transcode(new Uint8Array(ours), width, height) }));
  for (const level of [0, 1, 2]) {
    const t0 = performance.now();
    const ktx2 = await encode(width, height, data, level);
    const ms = performance.now() - t0;
    console.log(JSON.stringify({ file, level, ms, ...transcode(ktx2, width, height) }));
  }
}
