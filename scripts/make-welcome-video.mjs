#!/usr/bin/env node
/**
 * Makes the demo's welcome video (daemon/src/sandbox/video-clip.ts): a 1920x1080 loop of flat
 * shapes (the facility's doors, the maple star, a van driving by), drawn on a canvas in Chromium
 * and recorded with its MediaRecorder as VP9 WebM. Flat colours compress to a few tens of kB, so
 * the clip ships inline, sharp at the kiosk's own resolution. Run it again after changing the
 * drawing: `node scripts/make-welcome-video.mjs` (Debian's Chromium, as the tests use).
 */
/* global document, MediaRecorder */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const WIDTH = 1920;
const HEIGHT = 1080;
const SECONDS = 6;
const FPS = 15;
const OUT = resolve(import.meta.dirname, '../daemon/src/sandbox/video-clip.ts');

/** Runs in the page: draws frame after frame and records them; resolves with the WebM as base64. */
async function record({ width, height, seconds, fps }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  const star = (cx, cy, outer, inner, turn) => {
    g.beginPath();
    for (let point = 0; point < 16; point += 1) {
      const radius = point % 2 === 0 ? outer : inner;
      const angle = turn + (point * Math.PI) / 8;
      g.lineTo(cx + radius * Math.sin(angle), cy - radius * Math.cos(angle));
    }
    g.closePath();
    g.fill();
  };
  const draw = (t) => {
    // Sky and ground in the brand's greens.
    const sky = g.createLinearGradient(0, 0, 0, height);
    sky.addColorStop(0, '#2E7A47');
    sky.addColorStop(1, '#1E5631');
    g.fillStyle = sky;
    g.fillRect(0, 0, width, height);
    // The maple star, the facility's sun.
    g.fillStyle = '#F2B134';
    star(330, 190, 110, 56, 0);
    // The building: a long roof and its roll-up doors.
    g.fillStyle = '#F7F5F0';
    g.fillRect(180, 560, 1560, 300);
    g.fillStyle = '#C9C2B4';
    g.fillRect(160, 530, 1600, 40);
    for (let door = 0; door < 8; door += 1) {
      const x = 230 + door * 190;
      g.fillStyle = door === 3 ? '#F2B134' : '#D9D4CA';
      g.fillRect(x, 620, 140, 240);
      g.fillStyle = 'rgba(0,0,0,0.12)';
      for (let slat = 0; slat < 6; slat += 1) g.fillRect(x, 650 + slat * 36, 140, 4);
    }
    // The drive, and a van going by (off screen at both ends of the loop).
    g.fillStyle = '#123D22';
    g.fillRect(0, 860, width, 220);
    g.fillStyle = '#F7F5F0';
    for (let dash = 0; dash < 12; dash += 1) g.fillRect(dash * 170 + 20, 968, 90, 10);
    const x = -420 + (t / seconds) * (width + 420);
    g.fillStyle = '#FFFFFF';
    g.fillRect(x, 880, 300, 110);
    g.fillRect(x + 300, 915, 90, 75);
    g.fillStyle = '#2E7A47';
    g.fillRect(x + 310, 925, 60, 35);
    g.fillStyle = '#F2B134';
    g.fillRect(x + 20, 900, 200, 20);
    g.fillStyle = '#1B1F24';
    for (const wheel of [70, 320]) {
      g.beginPath();
      g.arc(x + wheel, 995, 30, 0, Math.PI * 2);
      g.fill();
    }
    // The facility's name, large and plain, above where the welcome's panel lies.
    g.fillStyle = '#FFFFFF';
    g.font = '700 84px Helvetica, Arial, sans-serif';
    g.textAlign = 'center';
    g.fillText('Maple Street Self Storage', width / 2 + 60, 225);
  };
  const stream = canvas.captureStream(0);
  const [track] = stream.getVideoTracks();
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 160_000 });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((done) => (recorder.onstop = done));
  recorder.start();
  const frames = seconds * fps;
  const started = performance.now();
  for (let frame = 0; frame < frames; frame += 1) {
    draw(frame / fps);
    track.requestFrame();
    // Each frame at its own time, so the recording plays at the speed it was drawn for.
    const due = started + ((frame + 1) * 1000) / fps;
    await new Promise((done) => setTimeout(done, Math.max(0, due - performance.now())));
  }
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  const base64 = await page.evaluate(record, { width: WIDTH, height: HEIGHT, seconds: SECONDS, fps: FPS });
  const size = Math.round((base64.length * 3) / 4 / 1024);
  const lines = base64.match(/.{1,100}/g).map((line) => `    '${line}',`);
  writeFileSync(
    OUT,
    [
      '/**',
      ` * The sandbox's only video: a ${SECONDS}-second, ${WIDTH}x${HEIGHT} VP9 WebM loop (the facility's doors, the`,
      ' * maple star, a van driving by, the name "Maple Street Self Storage"), drawn on a canvas and',
      " * recorded with Chromium's MediaRecorder by scripts/make-welcome-video.mjs. The kiosk's own",
      ' * resolution, so the welcome screen shows it sharp; flat colours keep it small enough to ship',
      ` * inline (about ${size} kB), so the welcome loop, tour and size-guide videos play offline with no`,
      ' * binary file in the repository.',
      ' */',
      'export const WELCOME_LOOP_WEBM: Buffer = Buffer.from(',
      '  [',
      ...lines,
      "  ].join(''),",
      "  'base64',",
      ');',
      '',
    ].join('\n'),
  );
  console.log(`wrote ${OUT}: ${size} kB`);
} finally {
  await browser.close();
}
