import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

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

const Switches = Type.Object({
  paper_out: Type.Boolean(),
  paper_low: Type.Boolean(),
  cover_open: Type.Boolean(),
  offline: Type.Boolean(),
  hang: Type.Boolean(),
  close_mid_job: Type.Boolean(),
});
/** The simulator's switches, as its routes read and set them. */
export type PrinterSwitches = Static<typeof Switches>;

/** POST /: the switches to turn on or off (at least one); the others stay as they are. */
const SwitchChanges = Type.Object(
  {
    paper_out: Type.Optional(Type.Boolean()),
    paper_low: Type.Optional(Type.Boolean()),
    cover_open: Type.Optional(Type.Boolean()),
    offline: Type.Optional(Type.Boolean()),
    hang: Type.Optional(Type.Boolean()),
    close_mid_job: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

const PrintedJobSchema = Type.Object({
  at: Type.String(),
  bytes: Type.Integer(),
  text: Type.String(),
  complete: Type.Boolean(),
});
/** A receipt the simulator printed; `complete` is false when the connection ended before the printer confirmed it. */
export type PrintedJob = Static<typeof PrintedJobSchema>;

/** GET /: the switches, how often the printer was asked its status, and the receipts it printed. */
export const PrinterSimulatorState = Type.Object({
  switches: Switches,
  status_requests: Type.Integer(),
  jobs: Type.Array(PrintedJobSchema),
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** What the routes control: the simulator (simulator.ts), which owns these routes. */
export interface SimulatedPrinter {
  readonly switches: PrinterSwitches;
  readonly jobs: PrintedJob[];
  readonly statusRequests: number;
  set(changes: Partial<PrinterSwitches>): PrinterSwitches;
  reset(): void;
}

const printerRoutes: FastifyPluginAsync<{ printer: SimulatedPrinter }> = async (app, { printer }) => {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get('/', { schema: { response: { 200: PrinterSimulatorState } } }, async () => ({
    switches: printer.switches,
    status_requests: printer.statusRequests,
    jobs: printer.jobs,
  }));

  routes.post(
    '/',
    { schema: { body: SwitchChanges, response: { 200: Type.Object({ switches: Switches }) } } },
    async (request) => ({ switches: printer.set(request.body) }),
  );

  routes.post('/reset', { schema: { response: { 200: Type.Object({ reset: Type.Literal(true) }) } } }, async () => {
    printer.reset();
    return { reset: true as const };
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
