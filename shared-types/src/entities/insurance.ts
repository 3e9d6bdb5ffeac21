/** Contents insurance (protection) plan, rental §3. GET facility-insurances/ answers a list of these. */
export interface InsurancePlan {
  insurance_id: number;
  enabled: boolean;
  coverage_amount: number;
  monthly_premium: number;
  /** The plan preselected when the visitor has not chosen. */
  default: boolean;
  /** 1 shows the 'Most Popular' badge. */
  is_popular: 0 | 1;
  /** Plan name as the provider calls it, e.g. 'Basic Protection'. */
  name?: string;
}

/** Lock (merchandise item), rental §3. GET merchandise/ answers a list of these. */
export interface LockItem {
  item_id: string;
  amount: number;
  image_url: string;
  name?: string;
}
