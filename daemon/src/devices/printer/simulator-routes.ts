import type { FastifyPluginAsync } from 'fastify';
import type { PrinterSimulator, PrinterSwitches } from './simulator.js';

/**
 * The printer simulator's control routes, under /__sandbox/printer: its switches, the receipts it
 * printed (JSON), and a page showing the last receipts as they would come out of the printer.
 */
const SWITCHES: (keyof PrinterSwitches)[] = [
  'paper_out',
  'paper_low',
  'cover_open',
  'offline',
  'hang',
  'close_mid_job',
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const printerRoutes: FastifyPluginAsync<{ printer: PrinterSimulator }> = async (app, { printer }) => {
  app.get('/', async () => ({
    switches: printer.switches,
    status_requests: printer.statusRequests,
    jobs: printer.jobs,
  }));

  app.post<{ Body: Partial<PrinterSwitches> }>(
    '/',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: Object.fromEntries(SWITCHES.map((name) => [name, { type: 'boolean' }])),
        },
      },
    },
    async (request) => ({ switches: printer.set(request.body) }),
  );

  app.post('/reset', async () => {
    printer.reset();
    return { reset: true };
  });

  app.get('/receipts', async (_request, reply) => {
    const receipts = printer.jobs
      .slice(-10)
      .reverse()
      .map(
        (job) =>
          `<figure><figcaption>${escapeHtml(job.at)}${job.complete ? '' : ' (interrupted)'}</figcaption><pre>${escapeHtml(job.text)}</pre></figure>`,
      )
      .join('\n');
    const on = SWITCHES.filter((name) => printer.switches[name]).join(', ') || 'none';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Printer simulator</title>` +
          `<style>body{font-family:sans-serif;background:#eee}pre{background:#fff;padding:1em;width:max-content;font-size:14px}</style></head>` +
          `<body><h1>Printer simulator</h1><p>Switches on: ${escapeHtml(on)}</p>` +
          `${receipts || '<p>No receipt printed yet.</p>'}</body></html>`,
      );
  });
};

export default printerRoutes;
