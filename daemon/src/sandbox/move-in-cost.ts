import type { CostLine, RentalCostResult } from '@kiosk/shared-types';
import { addDays, daysInMonth, formatUsDate, type LocalDate } from './dates.js';

/**
 * The sandbox's move-in cost: prorated rent for the rest of the move-in month, the first full
 * month, the admin fee, protection, a lock, a promo discount, tax, and the total.
 *
 * Money is counted in cents so the total is exactly the sum of the lines the UI shows.
 */
export interface MoveInCostInput {
  moveInDate: LocalDate;
  monthlyRent: number;
  adminFee: number;
  taxRate: number;
  /** What the promo takes off the first full month, or null when no promo applies. */
  promo: { promo_id: string; promo_description: string; discount: { percent: number } | { amount: number } } | null;
  insurance: { insurance_id: number; monthly_premium: number; name?: string } | null;
  lock: { item_id: string; amount: number; name?: string } | null;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (amount: number) => amount / 100;

interface Line {
  name: string;
  description: string;
  cents: number;
  taxable: boolean;
  merchandise: boolean;
  period: string;
}

export function computeMoveInCost(input: MoveInCostInput): RentalCostResult {
  const { moveInDate } = input;
  const monthDays = daysInMonth(moveInDate.year, moveInDate.month);
  const daysLeft = monthDays - moveInDate.day + 1;
  const monthEnd = { ...moveInDate, day: monthDays };
  const nextMonthStart = addDays(monthEnd, 1);
  const nextMonthEnd = { ...nextMonthStart, day: daysInMonth(nextMonthStart.year, nextMonthStart.month) };
  const rentCents = cents(input.monthlyRent);

  const lines: Line[] = [
    {
      name: 'Prorated Rent',
      description: `${daysLeft} of ${monthDays} days`,
      cents: Math.round((rentCents * daysLeft) / monthDays),
      taxable: true,
      merchandise: false,
      period: `${formatUsDate(moveInDate)} - ${formatUsDate(monthEnd)}`,
    },
    {
      name: 'Rent',
      description: 'First full month',
      cents: rentCents,
      taxable: true,
      merchandise: false,
      period: `${formatUsDate(nextMonthStart)} - ${formatUsDate(nextMonthEnd)}`,
    },
    {
      name: 'Admin Fee',
      description: 'One-time move-in fee',
      cents: cents(input.adminFee),
      taxable: true,
      merchandise: false,
      period: '',
    },
  ];
  if (input.insurance) {
    lines.push({
      name: 'Insurance',
      description: input.insurance.name ?? 'Protection plan',
      cents: cents(input.insurance.monthly_premium),
      taxable: false,
      merchandise: false,
      period: `${formatUsDate(moveInDate)} - ${formatUsDate(monthEnd)}`,
    });
  }
  if (input.lock) {
    lines.push({
      name: 'Lock',
      description: input.lock.name ?? 'Lock',
      cents: cents(input.lock.amount),
      taxable: true,
      merchandise: true,
      period: '',
    });
  }

  let discountCents = 0;
  if (input.promo) {
    const { discount } = input.promo;
    discountCents =
      'percent' in discount
        ? Math.round((rentCents * discount.percent) / 100)
        : Math.min(cents(discount.amount), rentCents);
  }

  const lineTax = (line: Line) => (line.taxable ? Math.round(line.cents * input.taxRate) : 0);
  const discountTax = Math.round(discountCents * input.taxRate);
  const taxCents = lines.reduce((sum, line) => sum + lineTax(line), 0) - (discountCents > 0 ? discountTax : 0);
  const merchandiseCents = lines
    .filter((line) => line.merchandise)
    .reduce((sum, line) => sum + line.cents + lineTax(line), 0);
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0) - discountCents + taxCents;

  const costs: CostLine[] = lines.map((line) => ({
    name: line.name,
    description: line.description,
    amount: dollars(line.cents),
    tax: dollars(lineTax(line)),
    total: dollars(line.cents),
    total_without_merchandise: line.merchandise ? 0 : dollars(line.cents),
    period: line.period,
  }));
  if (discountCents > 0 && input.promo) {
    // A positive amount: the UI shows the line named 'discount' with a minus sign.
    costs.push({
      name: 'discount',
      description: input.promo.promo_description,
      amount: dollars(discountCents),
      tax: dollars(discountTax),
      total: dollars(discountCents),
      total_without_merchandise: dollars(discountCents),
      period: '',
    });
  }
  costs.push({
    name: 'Tax',
    description: `${(input.taxRate * 100).toFixed(2)}% sales tax`,
    amount: dollars(taxCents),
    tax: 0,
    total: dollars(taxCents),
    total_without_merchandise: dollars(taxCents),
    period: '',
  });
  costs.push({
    name: 'Total',
    description: 'Total Cost to Move In',
    amount: dollars(totalCents),
    tax: dollars(taxCents),
    total: dollars(totalCents),
    total_without_merchandise: dollars(totalCents - merchandiseCents),
    period: '',
  });

  const lineCents = (name: string) => lines.find((line) => line.name === name)?.cents ?? 0;
  return {
    costs,
    gds_raw: {
      move_in_date: formatUsDate(moveInDate),
      prorated_rent: dollars(lineCents('Prorated Rent')),
      rent: dollars(rentCents),
      admin_fee: dollars(lineCents('Admin Fee')),
      insurance_premium: dollars(lineCents('Insurance')),
      merchandise: dollars(lineCents('Lock')),
      discount: dollars(discountCents),
      tax_rate: input.taxRate,
      tax: dollars(taxCents),
      total: dollars(totalCents),
      promo_id: input.promo?.promo_id ?? null,
      insurance_id: input.insurance?.insurance_id ?? null,
      item_id: input.lock?.item_id ?? null,
    },
  };
}
