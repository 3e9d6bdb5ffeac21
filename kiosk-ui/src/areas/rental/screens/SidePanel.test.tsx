import { cleanup, render, screen, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { COSTS, rentalRoot, unit } from '../rental-test-fixtures';
import { StoresProvider } from '../../../shared/stores/StoresProvider';
import { SidePanel } from './SidePanel';

afterEach(cleanup);

async function renderPanel(options: { inStoreOnly?: boolean } = {}) {
  const test = await rentalRoot();
  runInAction(() => {
    if (test.root.config.facility) test.root.config.facility.show_instore_only_in_kiosk = Boolean(options.inStoreOnly);
  });
  render(
    <StoresProvider root={test.root}>
      <SidePanel />
    </StoresProvider>,
  );
  return test;
}

describe('SidePanel', () => {
  it("shows the unit, Monthly Rent and the cost list ending with 'Total Cost to Move In'", async () => {
    const { root } = await renderPanel();
    await root.rental.selection.chooseUnit(unit());
    const panel = await screen.findByRole('complementary', { name: 'Your Storage' });
    expect(within(panel).getByText('10 X 10')).toBeTruthy();
    expect(within(panel).getByText('Monthly Rent')).toBeTruthy();
    const terms = [...panel.querySelectorAll('.cost-list dt')].map((term) => term.textContent);
    // The sandbox-style list already has its Tax line: it is not inserted twice.
    expect(terms).toEqual(['Prorated Rent', 'Rent', 'Tax', 'Total Cost to Move In']);
    expect(within(panel).getByTestId('move-in-total').textContent).toBe('$193.05');
    expect(within(panel).getByText('Credit Card Payments ONLY')).toBeTruthy();
  });

  it('shows a discount with a minus sign and hides Monthly Rent for in-store-only facilities', async () => {
    const { root } = await renderPanel({ inStoreOnly: true });
    await root.rental.selection.chooseUnit(unit());
    runInAction(() => {
      root.rental.pick.costLines = [
        COSTS[0]!,
        { ...COSTS[1]!, name: 'discount', amount: 30, total: 30 },
        COSTS[2]!,
        { ...COSTS[3]!, amount: 1234.5, total: 1234.5 },
      ];
    });
    const panel = await screen.findByRole('complementary', { name: 'Your Storage' });
    expect(within(panel).queryByText('Monthly Rent')).toBeNull();
    expect(within(panel).getByText('-$30.00')).toBeTruthy();
    expect(within(panel).getByTestId('move-in-total').textContent).toBe('$1,234.50');
  });

  it("reads 'Calculating Move-In Cost ...' while the cost loads", async () => {
    const { root } = await renderPanel();
    await root.rental.selection.chooseUnit(unit());
    runInAction(() => {
      root.rental.pick.costLoading = true;
    });
    expect(await screen.findByText('Calculating Move-In Cost ...', { selector: 'p' })).toBeTruthy();
  });
});
