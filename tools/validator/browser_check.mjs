// Loads Strata's output in a real browser: Debian's chromium, headless, driven
// by puppeteer-core, rendering with three.js (WebGL through SwiftShader).
//   node browser_check.mjs tiles TILESET_DIR SHOT_DIR
//     3d-tiles-renderer loads DIR/tileset.json; the camera looks from far
//     above, then close to the terrain's (x, y) = (0, 0) corner. Prints one
//     JSON line: for each view the tiles the renderer drew (content URIs), its
//     stats, and how many pixels differ from the clear colour; screenshots go
//     to SHOT_DIR/far.png and close.png.
//   node browser_check.mjs glb FILE...
//     GLTFLoader (with the meshopt decoder) loads each file; one JSON line per
//     file: glTF meshes drawn, three.js meshes, vertices, triangles, textures.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const [mode, ...args] = process.argv.slice(2);

// /m/... from node_modules, /d/<i>/... from the i-th data directory.
const roots = mode === 'tiles' ? [args[0]] : args.map((f) => path.dirname(path.resolve(f)));
const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json',
  '.glb': 'model/gltf-binary', '.bin': 'application/octet-stream', '.html': 'text/html', '.wasm': 'application/wasm' };

const page = `<!doctype html><html><body style="margin:0">
<canvas id="c" width="512" height="512"></canvas>
<script type="importmap">{"imports": {
  "three": "/m/three/build/three.module.js",
  "three/addons/": "/m/three/examples/jsm/",
  "3d-tiles-renderer": "/m/3d-tiles-renderer/build/index.js"}}</script>
<script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
import { TilesRenderer } from '3d-tiles-renderer';
const canvas = document.getElementById('c');
const renderer = new THREE.WebGLRenderer({ canvas, preserveDrawingBuffer: true });
renderer.setSize(512, 512, false);
const clear = new THREE.Color(0.1, 0.2, 0.3);
renderer.setClearColor(clear);
const scene = new THREE.Scene();
scene.add(new THREE.AmbientLight(0xffffff, 1.5));
const sun = new THREE.DirectionalLight(0xffffff, 2);
sun.position.set(1, 3, 2);
scene.add(sun);
const camera = new THREE.PerspectiveCamera(60, 1, 0.1, 1e6);
// Pixels that are not the clear colour.
function painted() {
  const gl = renderer.getContext();
  const px = new Uint8Array(512 * 512 * 4);
  gl.readPixels(0, 0, 512, 512, gl.RGBA, gl.UNSIGNED_BYTE, px);
  const c = [clear.r, clear.g, clear.b].map((v) => Math.round(new THREE.Color(v, 0, 0).convertLinearToSRGB().r * 255));
  let n = 0;
  for (let i = 0; i < px.length; i += 4)
    if (Math.abs(px[i] - c[0]) > 2 || Math.abs(px[i + 1] - c[1]) > 2 || Math.abs(px[i + 2] - c[2]) > 2) n++;
  return n;
}
let tiles = null;
window.openTiles = async () => {
  tiles = new TilesRenderer('/d/0/tileset.json');
  tiles.manager.addHandler(/\\.glb$/, new GLTFLoader(tiles.manager).setMeshoptDecoder(MeshoptDecoder));
  tiles.setCamera(camera);
  tiles.setResolutionFromRenderer(camera, renderer);
  tiles.group.rotation.x = -Math.PI / 2; // the tileset's z-up shown y-up
  scene.add(tiles.group);
  let loaded = false, error = null;
  tiles.addEventListener('load-root-tileset', () => (loaded = true));
  tiles.addEventListener('load-error', (e) => (error = String(e.error)));
  for (let frame = 0; frame < 1000 && !loaded && !error; ++frame) {
    tiles.update();
    await new Promise((r) => setTimeout(r, 10));
  }
  if (!loaded) throw new Error('tileset.json did not load: ' + error);
  // The terrain's bounding sphere in three.js's world (y up).
  const sphere = new THREE.Sphere();
  tiles.getBoundingSphere(sphere);
  tiles.group.updateMatrixWorld(true);
  sphere.applyMatrix4(tiles.group.matrixWorld);
  return { center: sphere.center.toArray(), radius: sphere.radius };
};
// Looks from \`eye\` at \`target\` (three.js world, y up) until the renderer
// has nothing left to load, then reports what it drew.
window.view = async (eye, target) => {
  camera.position.set(...eye);
  camera.lookAt(...target);
  camera.updateMatrixWorld();
  let quiet = 0;
  for (let frame = 0; frame < 2000 && quiet < 10; ++frame) {
    tiles.update();
    renderer.render(scene, camera);
    const s = tiles.stats;
    quiet = s.queued + s.downloading + s.parsing === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 10));
  }
  const drawn = [...tiles.visibleTiles].map((t) => t.content && t.content.uri).filter(Boolean).sort();
  const { visible, active, failed, loaded } = tiles.stats;
  return { drawn, stats: { visible, active, failed, loaded }, painted: painted(), errorTarget: tiles.errorTarget };
};
window.loadGlb = async (i, name) => {
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const gltf = await loader.loadAsync('/d/' + i + '/' + encodeURIComponent(name));
  const meshes = new Set(), textures = new Set();
  let objects = 0, vertices = 0, triangles = 0;
  gltf.scene.traverse((o) => {
    if (!o.isMesh) return;
    objects++;
    const a = gltf.parser.associations.get(o);
    if (a && a.meshes !== undefined) meshes.add(a.meshes);
    vertices += o.geometry.attributes.position.count;
    triangles += (o.geometry.index ? o.geometry.index.count : o.geometry.attributes.position.count) / 3;
    for (const m of [].concat(o.material)) if (m.map) textures.add(m.map.source.uuid);
  });
  return { meshes: meshes.size, objects, vertices, triangles, textures: textures.size };
};
window.ready = true;
</script></body></html>`;

const server = http.createServer(async (req, res) => {
  try {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file;
    if (url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(page);
    }
    if (url.startsWith('/m/')) file = path.join(here, 'node_modules', path.normalize(url.slice(3)));
    const d = url.match(/^\/d\/(\d+)\/(.*)$/);
    if (d) file = path.join(roots[Number(d[1])], path.normalize(d[2]));
    if (!file) throw new Error('not found');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
});
let failed = false;
try {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 512, height: 512 });
  const errors = [];
  tab.on('pageerror', (e) => errors.push(String(e)));
  await tab.goto(`http://127.0.0.1:${server.address().port}/`);
  await tab.waitForFunction('window.ready === true', { timeout: 60000 });
  if (mode === 'tiles') {
    const shots = args[1];
    const { center, radius } = await tab.evaluate(() => window.openTiles());
    const out = { center, radius };
    // Far: straight above the middle at 6 radii. Close: a little above the
    // (0, 0) corner, which three.js (y up) holds at world (0, 0, 0), looking
    // inward along the diagonal.
    out.far = await tab.evaluate((c, r) => window.view([c[0], c[1] + 6 * r, c[2] + 0.01], c), center, radius);
    await tab.screenshot({ path: path.join(shots, 'far.png') });
    const h = radius / 8;
    out.close = await tab.evaluate((h) => window.view([h / 4, h, -h / 4], [h, 0, -h]), h);
    await tab.screenshot({ path: path.join(shots, 'close.png') });
    out.errors = errors;
    console.log(JSON.stringify(out));
  } else {
    for (let i = 0; i < args.length; ++i) {
      const counts = await tab.evaluate((i, n) => window.loadGlb(i, n), i, path.basename(args[i]));
      console.log(JSON.stringify({ file: args[i], ...counts, errors }));
    }
  }
} catch (e) {
  console.error(String(e && e.stack ? e.stack : e));
  failed = true;
} finally {
  await browser.close();
  server.close();
}
process.exitCode = failed ? 1 : 0;
