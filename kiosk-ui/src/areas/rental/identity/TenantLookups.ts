import type { PhoneValidation, ZipcodeLookup } from '@kiosk/shared-types';
import type { ApiClient } from '../../../api/client';

/** The lookups behind the tenant forms (rental §5, §7): a zip's state, a phone's validity. */
export class TenantLookups {
  private readonly phoneChecks = new Map<string, Promise<boolean>>();

  constructor(
    private readonly api: ApiClient,
    private readonly facilityId: () => string | null,
  ) {}

  /** GET zipcode/: the zip's state code, or null when the zip is not valid or the call fails. */
  async zipState(zip: string): Promise<string | null> {
    const facility = this.facilityId();
    if (!facility) return null;
    try {
      const response = await this.api.call<ZipcodeLookup>(
        'zipcode',
        { facility },
        { query: { zipcode: zip }, latestKey: 'zipcode' },
      );
      return response.status === 'ok' && response.result.state_code ? response.result.state_code : null;
    } catch {
      return null;
    }
  }

  /**
   * The phone validation call (country code 1) for 10 national digits: true when valid. A failed
   * call rejects (the phone rule shows 'Invalid Cell Phone Number'); answers are remembered.
   */
  validatePhone(digits: string): Promise<boolean> {
    const known = this.phoneChecks.get(digits);
    if (known) return known;
    const check = this.api
      .raw<{ data?: PhoneValidation }>('validatePhone', {}, { query: { phone_number: digits, country_code: 1 } })
      .then((body) => body?.data?.is_valid === true);
    this.phoneChecks.set(digits, check);
    // A failure is not remembered: the next check asks again.
    check.catch(() => this.phoneChecks.delete(digits));
    return check;
  }

  /** The next visitor's numbers are checked afresh. */
  reset(): void {
    this.phoneChecks.clear();
  }
}
