// Reads each KTX2 file given with ktx-parse (an independent KTX 2.0 reader) and
// prints one JSON line per file: header fields, the level index (byte offsets
// into the file, lengths, level data as base64), the first DFD block and the
// key/value data. Used by tests/image_ktx2_test.cpp.
import { readFile } from 'node:fs/promises';
import { read } from 'ktx-parse';

for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(await readFile(file));
  const c = read(bytes);
  const levels = c.levels.map((l) => ({
    byteOffset: l.levelData.byteOffset - bytes.byteOffset,
    byteLength: l.levelData.byteLength,
    uncompressedByteLength: Number(l.uncompressedByteLength),
    data: Buffer.from(l.levelData).toString('base64'),
  }));
  const keyValue = {};
  for (const [k, v] of Object.entries(c.keyValue)) keyValue[k] = typeof v === 'string' ? v : Buffer.from(v).toString('base64');
  console.log(JSON.stringify({
    file, fileLength: bytes.byteLength,
    vkFormat: c.vkFormat, typeSize: c.typeSize, pixelWidth: c.pixelWidth, pixelHeight: c.pixelHeight,
    pixelDepth: c.pixelDepth, layerCount: c.layerCount, faceCount: c.faceCount, levelCount: c.levelCount,
    supercompressionScheme: c.supercompressionScheme, levels, dfd: c.dataFormatDescriptor[0], keyValue,
  }));
}
