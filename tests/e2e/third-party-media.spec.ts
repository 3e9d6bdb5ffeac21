import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { sidebar } from './support/account.js';
import { control, useKiosk } from './support/kiosk.js';

/**
 * Third-party media (shell spec §2 facility map, §7 "Third-party loads"): a space's video on a
 * content origin the kiosk is configured for plays in the host's player, framed in a sandbox; a
 * configured host that does not answer and a host the configuration does not name show the "not
 * available on this kiosk" placeholder, and the latter is never even asked. A local server on
 * another port stands in for the video host. The page's real CSP stays on in this suite.
 */

interface StandInHost {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

async function startStandInHost(): Promise<StandInHost> {
  const requests: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><title>Player</title></head><body>' +
        '<h1>Stand-in player</h1><a href="https://example.com/" target="_blank">Watch on the host</a>' +
        '</body></html>',
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** An origin nothing listens on (a port just freed). */
async function silentOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}`;
}

let videoHost: StandInHost;
let unlistedHost: StandInHost;
let silent: string;

test.beforeAll(async () => {
  videoHost = await startStandInHost();
  unlistedHost = await startStandInHost();
  silent = await silentOrigin();
});

const kiosk = useKiosk(test, () => ({
  env: { KIOSK_CONTENT_ORIGINS: `${videoHost.origin},${silent}` },
  reset: ['sandbox'],
}));

test.afterAll(async () => {
  await videoHost?.close();
  await unlistedHost?.close();
});

test("a map space's video plays from a configured host that answers; otherwise the placeholder shows", async ({
  page,
}) => {
  const mapMedia = (door: string, url: string) =>
    control(`${kiosk.sandboxUrl}/__sandbox/map/media`, {
      door_name: door,
      media: [{ media_type: 'yt', media_url: url }],
    });
  await mapMedia('A101', `${videoHost.origin}/embed/a101`);
  await mapMedia('B-10', `${silent}/embed/b-10`);
  await mapMedia('B-11', `${unlistedHost.origin}/embed/b-11`);

  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'Facility map', exact: true }).click();

  await page.getByRole('button', { name: 'Unit A101: play video' }).click();
  const a101 = page.getByRole('dialog', { name: 'Unit A101' });
  await expect(
    page.frameLocator('iframe[title="Unit A101"]').getByRole('heading', { name: 'Stand-in player' }),
  ).toBeVisible();
  // Its links can open no window and cannot take the kiosk page anywhere.
  const sandbox = (await a101.locator('iframe').getAttribute('sandbox')) ?? '';
  expect(sandbox.split(' ').sort()).toEqual(['allow-same-origin', 'allow-scripts']);
  await a101.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Unit B-10: play video' }).click();
  const b10 = page.getByRole('dialog', { name: 'Unit B-10' });
  await expect(b10.getByText('The video for unit B-10 is not available on this kiosk.')).toBeVisible();
  await expect(b10.locator('iframe')).toHaveCount(0);
  await b10.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Unit B-11: play video' }).click();
  const b11 = page.getByRole('dialog', { name: 'Unit B-11' });
  await expect(b11.getByText('The video for unit B-11 is not available on this kiosk.')).toBeVisible();
  await expect(b11.locator('iframe')).toHaveCount(0);
  expect(unlistedHost.requests).toEqual([]);
});
