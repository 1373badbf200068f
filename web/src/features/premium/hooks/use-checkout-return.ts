import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { premiumKey } from '../api/get-me';

/** Back from a checkout (`?checkout=success|canceled`): says how it went, refreshes, and tidies the address. */
export function useCheckoutReturn(successMessage: string) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const outcome = params.get('checkout');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'success') toast(successMessage, 'success');
    else if (outcome === 'canceled') toast('Checkout canceled. You were not charged.', 'info');
    void client.invalidateQueries({ queryKey: premiumKey });
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
  }, [outcome, params, setParams, client, successMessage]);
}
