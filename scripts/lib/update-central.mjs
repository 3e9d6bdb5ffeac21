#!/usr/bin/env node
// The central place of the update walks (scripts/update-checks.mjs), run inside the kiosk's
// container on http://127.0.0.1:8077 by its own unit, so it comes back after each boot:
//   /apt/...      the walks' APT repository (bound read-only at /srv/kiosk-apt)
//   /channel/...  the channel file and its signature (bound read-only at /srv/kiosk-central)
// The walks pull the plug in the middle of a download: while the file /srv/kiosk-control/hold-debs
// exists, a .deb is sent half, then held (the host sees /srv/kiosk-control/held) until it is gone.
// Each request is appended to /srv/kiosk-control/requests.log (seconds since the epoch, path, status).
// Plain Node (the container's Node 20), no dependencies.
import { createReadStream, existsSync, appendFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';

const CONTROL = '/srv/kiosk-control';
const ROOTS = { '/apt/': '/srv/kiosk-apt', '/channel/': '/srv/kiosk-central/channel' };
const PORT = Number(process.env.CENTRAL_PORT ?? 8077);

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const note = (path, status) =>
  appendFileSync(join(CONTROL, 'requests.log'), `${Date.now() / 1000} ${path} ${status}\n`);

function fileFor(urlPath) {
  for (const [prefix, dir] of Object.entries(ROOTS)) {
    if (!urlPath.startsWith(prefix)) continue;
    const rel = normalize(decodeURIComponent(urlPath.slice(prefix.length)));
    if (rel.startsWith('..')) return null;
    return join(dir, rel);
  }
  return null;
}

createServer(async (request, response) => {
  const path = new URL(request.url, 'http://central').pathname;
  const file = fileFor(path);
  if (!file || !existsSync(file) || !statSync(file).isFile()) {
    note(path, 404);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    return;
  }
  const size = statSync(file).size;
  const { mtime } = statSync(file);
  response.writeHead(200, { 'content-length': size, 'last-modified': mtime.toUTCString() });
  if (request.method === 'HEAD') {
    note(path, 200);
    response.end();
    return;
  }
  if (path.endsWith('.deb') && existsSync(join(CONTROL, 'hold-debs'))) {
    const half = Math.floor(size / 2);
    await new Promise((done) =>
      createReadStream(file, { end: half - 1 })
        .on('end', done)
        .pipe(response, { end: false }),
    );
    writeFileSync(join(CONTROL, 'held'), `${path} ${half} of ${size}\n`);
    note(path, `held-at-${half}`);
    while (existsSync(join(CONTROL, 'hold-debs')) && !response.destroyed) await sleep(100);
    if (response.destroyed) return;
    createReadStream(file, { start: half }).pipe(response);
    note(path, 200);
    return;
  }
  note(path, 200);
  createReadStream(file).pipe(response);
}).listen(PORT, '127.0.0.1');
