import type { CostLine } from '@kiosk/shared-types';

export type CostLabelKey =
  | 'browse.cost.prorated_rent'
  | 'browse.cost.tax'
  | 'browse.cost.total_cost_to_move_in'
  | 'browse.cost.rent'
  | 'browse.cost.admin_fee'
  | 'browse.cost.insurance'
  | 'browse.cost.protection'
  | 'browse.cost.lock'
  | 'browse.cost.merchandise'
  | 'browse.cost.discount'
  | 'browse.cost.deposit';

/**
 * The operator's cost-line names the kiosk knows, by their name lower-cased with spaces, dashes and
 * underscores made one space: shown in the visitor's language. A name not here is the operator's
 * own and is shown as sent (docs/languages.md).
 */
const KNOWN_LINE_NAMES: Readonly<Record<string, CostLabelKey>> = {
  rent: 'browse.cost.rent',
  'monthly rent': 'browse.cost.rent',
  'prorated rent': 'browse.cost.prorated_rent',
  'admin fee': 'browse.cost.admin_fee',
  'administrative fee': 'browse.cost.admin_fee',
  insurance: 'browse.cost.insurance',
  protection: 'browse.cost.protection',
  'protection plan': 'browse.cost.protection',
  lock: 'browse.cost.lock',
  merchandise: 'browse.cost.merchandise',
  discount: 'browse.cost.discount',
  deposit: 'browse.cost.deposit',
  'security deposit': 'browse.cost.deposit',
  tax: 'browse.cost.tax',
};

/** The catalogue key for a cost line the kiosk knows by its name; null for the operator's own. */
export function costLineLabelKey(name: string): CostLabelKey | null {
  const normal = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  return KNOWN_LINE_NAMES[normal] ?? null;
}

export interface CostRow {
  kind: 'rent' | 'line' | 'discount' | 'tax' | 'total';
  /** Label to translate; null for the operator's own lines (names the kiosk does not know), shown as sent. */
  labelKey: CostLabelKey | null;
  name: string;
  /** Never negative: a discount shows as '-' plus this amount. */
  amount: number;
  negative: boolean;
}

const isDiscount = (line: Pick<CostLine, 'name'>) => /discount/i.test(line.name);
const isTax = (line: Pick<CostLine, 'name'>) => /^\s*tax\s*$/i.test(line.name);
const isRent = (line: Pick<CostLine, 'name' | 'description'>) => /rent/i.test(`${line.name} ${line.description ?? ''}`);

function figure(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Rounds to cents without the binary drift of toFixed (1.005 → 1.01). */
export function roundCents(value: number): number {
  return Math.round((figure(value) + Number.EPSILON * Math.sign(value)) * 100) / 100;
}

export function formatAmount(value: number): string {
  return roundCents(value).toFixed(2);
}

/** The total line's figure: its `total`, or its `amount` when the operator left total empty. */
function totalOf(line: CostLine): number {
  return line.total === null || line.total === undefined || Number.isNaN(Number(line.total))
    ? figure(line.amount)
    : figure(line.total);
}

/**
 * The side panel's move-in cost list (rental §2): the last line is the total, labelled 'Total Cost
 * to Move In'; the first rent line is 'Prorated Rent'; a Tax line goes right before the total; a
 * discount shows with a minus sign. Other lines the kiosk knows by name (`costLineLabelKey`) are
 * shown in the visitor's language; the rest keep the operator's name.
 *
 * The Tax amount is the sum of the lines' own tax (or `options.tax`, e.g. gds_raw.tax). When the
 * operator already sent a line named Tax it is kept where it belongs instead of adding a second one.
 */
export function moveInCostRows(costs: readonly CostLine[], options: { tax?: number } = {}): CostRow[] {
  if (!costs.length) return [];
  const total = costs[costs.length - 1] as CostLine;
  const lines = costs.slice(0, -1);
  const sentTax = lines.find(isTax);
  const firstRent = lines.find((line) => !isTax(line) && !isDiscount(line) && isRent(line));

  const rows: CostRow[] = lines
    .filter((line) => line !== sentTax)
    .map((line) => {
      const amount = figure(line.amount);
      if (isDiscount(line)) {
        const labelKey = costLineLabelKey(line.name);
        return { kind: 'discount', labelKey, name: line.name, amount: Math.abs(amount), negative: true };
      }
      if (line === firstRent) {
        return { kind: 'rent', labelKey: 'browse.cost.prorated_rent', name: line.name, amount, negative: false };
      }
      return { kind: 'line', labelKey: costLineLabelKey(line.name), name: line.name, amount, negative: false };
    });

  const tax = sentTax
    ? figure(sentTax.amount) || figure(sentTax.total)
    : (options.tax ?? lines.reduce((sum, line) => sum + figure(line.tax), 0));
  rows.push({
    kind: 'tax',
    labelKey: 'browse.cost.tax',
    name: sentTax?.name ?? 'Tax',
    amount: roundCents(tax),
    negative: false,
  });
  rows.push({
    kind: 'total',
    labelKey: 'browse.cost.total_cost_to_move_in',
    name: total.name,
    amount: totalOf(total),
    negative: false,
  });
  return rows;
}

/** The rental model's total_amount: the total line, to 2 decimals ('0.00' before costs load). */
export function totalAmount(costs: readonly CostLine[]): string {
  const total = costs[costs.length - 1];
  return formatAmount(total ? totalOf(total) : 0);
}
