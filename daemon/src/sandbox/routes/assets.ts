import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  avatarSvg,
  defaultAvatarSvg,
  documentHtml,
  facilityMapHtml,
  facilityMapSvg,
  iconSvg,
  lockSvg,
  logoSvg,
  photoSvg,
  posterSvg,
  simplePdf,
  staticMapSvg,
  streetViewSvg,
  videoEmbedHtml,
  welcomeBackgroundSvg,
} from '../asset-content.js';
import { DOCUMENT_PAGES } from '../demo-facility.js';
import { stringFields, type SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';
import { WELCOME_LOOP_WEBM } from '../video-clip.js';

/**
 * Static placeholder assets under /assets/, all drawn in code: logo, photos, icons, avatars, maps,
 * video posters and clips, documents (HTML and PDF). Every name is a lower-case slug plus its
 * extension; anything else is a 404 (which is how the broken review image stays broken).
 */

const SLUG = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]+)$/;
const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  webm: 'video/webm',
};

function slugOf(fileName: string, extension: string): string {
  const match = SLUG.exec(fileName);
  if (!match || match[2] !== extension) throw new SandboxError(404, 'NotFound', `No asset named ${fileName}.`);
  return match[1]!;
}

function send(reply: FastifyReply, extension: string, body: string | Buffer) {
  return reply.header('content-type', TYPES[extension]).header('cache-control', 'public, max-age=300').send(body);
}

const FACILITY_MAP_BOXES = [
  { x: 72, y: 420, w: 160, h: 100, label: 'Building A (A101-A112)' },
  { x: 260, y: 420, w: 200, h: 100, label: 'Building B (B-10 - B-21)' },
  { x: 72, y: 280, w: 160, h: 100, label: 'Building C (C-01 - C-32)' },
  { x: 260, y: 280, w: 200, h: 100, label: 'Parking (P-01 - RV-2)' },
];

const NameParams = stringFields(['name'], ['name']);

const assetRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app) => {
  const fixed: Record<string, [string, () => string | Buffer]> = {
    '/assets/logo.svg': ['svg', logoSvg],
    '/assets/lock.svg': ['svg', lockSvg],
    '/assets/welcome/background.svg': ['svg', welcomeBackgroundSvg],
    '/assets/reviews/default-avatar.svg': ['svg', defaultAvatarSvg],
    '/assets/video/poster.svg': ['svg', () => posterSvg('facility-tour')],
    '/assets/maps/static-map.svg': ['svg', staticMapSvg],
    '/assets/maps/street-view.svg': ['svg', streetViewSvg],
    '/assets/maps/facility-map.svg': ['svg', facilityMapSvg],
    '/assets/maps/facility-map.html': ['html', () => facilityMapHtml('/assets/maps/facility-map.svg')],
    '/assets/maps/facility-map.pdf': [
      'pdf',
      () =>
        simplePdf(
          'Maple Street Self Storage - facility map',
          ['Office at the front gate. Drive-up units in Buildings B and C.'],
          FACILITY_MAP_BOXES,
        ),
    ],
  };
  for (const [url, [extension, render]] of Object.entries(fixed)) {
    app.get(url, async (_request, reply) => send(reply, extension, render()));
  }

  const byName = (prefix: string, extension: string, render: (slug: string) => string | Buffer) =>
    app.get(`${prefix}/:name`, { schema: { params: NameParams } }, async (request, reply) =>
      send(reply, extension, render(slugOf(request.params.name, extension))),
    );

  byName('/assets/photos', 'svg', photoSvg);
  byName('/assets/icons', 'svg', iconSvg);
  byName('/assets/posters', 'svg', posterSvg);
  byName('/assets/reviews', 'svg', avatarSvg);
  // Every clip name plays the same short loop: the welcome video, the tour, the size guide.
  byName('/assets/video', 'webm', () => WELCOME_LOOP_WEBM);
  byName('/assets/video/embed', 'html', (slug) =>
    videoEmbedHtml(slug, '/assets/video/unit-tour.webm', `/assets/posters/${slug}.svg`),
  );

  app.get('/assets/documents/:name', { schema: { params: NameParams } }, async (request, reply) => {
    const match = SLUG.exec(request.params.name);
    const page = match ? DOCUMENT_PAGES[match[1]!] : undefined;
    if (!match || !page || (match[2] !== 'html' && match[2] !== 'pdf')) {
      throw new SandboxError(404, 'NotFound', `No document named ${request.params.name}.`);
    }
    return match[2] === 'html'
      ? send(reply, 'html', documentHtml(page))
      : send(reply, 'pdf', simplePdf(page.title, page.paragraphs));
  });
};

export default assetRoutes;
