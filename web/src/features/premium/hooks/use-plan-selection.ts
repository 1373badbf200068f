import { useState } from 'react';

export interface PlanSelection<T extends string> {
  /** The chosen plan, or null. */
  plan: T | null;
  /** Its price (or total), in minor units; 0 when nothing is chosen. */
  amount: number;
}

/**
 * Spec 3 "Plan selection" and spec 4: choosing a plan selects it with its price as the amount; choosing the
 * selected plan again clears it and resets the amount to 0.
 */
export function togglePlan<T extends string>(current: PlanSelection<T>, plan: T, price: number): PlanSelection<T> {
  return current.plan === plan ? { plan: null, amount: 0 } : { plan, amount: price };
}

export function usePlanSelection<T extends string>() {
  const [selection, setSelection] = useState<PlanSelection<T>>({ plan: null, amount: 0 });
  return { ...selection, choose: (plan: T, price: number) => setSelection((s) => togglePlan(s, plan, price)) };
}
