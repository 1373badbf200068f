import { describe, expect, it } from 'vitest';
import { togglePlan } from './use-plan-selection';

describe('plan selection (spec 4)', () => {
  it('selects a plan with its price, switches plans, and clears on choosing the selected plan again', () => {
    const none = { plan: null, amount: 0 };
    const premiere = togglePlan(none, 'premiere', 499);
    expect(premiere).toEqual({ plan: 'premiere', amount: 499 });
    expect(togglePlan(premiere, 'platinum', 4999)).toEqual({ plan: 'platinum', amount: 4999 });
    expect(togglePlan(premiere, 'premiere', 499)).toEqual({ plan: null, amount: 0 });
  });
});
