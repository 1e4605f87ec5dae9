// Runs the Khronos glTF Validator on each file given and prints one JSON line
// per file: {"file", "errors", "warnings", "infos", "hints", "messages"}.
// Exit code 1 when any file has an error or a warning.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

let bad = 0;
for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 200,
    externalResourceFunction: (uri) =>
      readFile(path.resolve(path.dirname(file), decodeURIComponent(uri))).then((b) => new Uint8Array(b)),
  });
  const i = report.issues;
  const messages = i.messages.map((m) => `${['E', 'W', 'I', 'H'][m.severity]} ${m.code} ${m.pointer ?? ''} ${m.message}`);
  console.log(JSON.stringify({ file, errors: i.numErrors, warnings: i.numWarnings, infos: i.numInfos, hints: i.numHints, messages }));
  if (i.numErrors || i.numWarnings) bad++;
}
// Not process.exit(): it can cut off stdout still queued for a full pipe
// (the reader here is a test that may be slow to drain it).
process.exitCode = bad ? 1 : 0;
