import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/money';

/** The amount of the selection (spec 3: the price or total, 0 when nothing is chosen) and the way to pay it. */
export function CheckoutBar({ amount, currency, disabled, loading, label, error, onCheckout }: { amount: number; currency: string; disabled: boolean; loading: boolean; label: string; error?: string | null; onCheckout: () => void }) {
  return (
    <div className="mt-6 flex flex-col gap-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-base">
        Total{' '}
        <strong className="ml-2 text-2xl tabular-nums" data-testid="checkout-total">
          {formatMoney(amount, currency)}
        </strong>
      </p>
      <div className="flex flex-col gap-2 sm:items-end">
        <Button size="lg" disabled={disabled} loading={loading} onClick={onCheckout}>
          {label}
        </Button>
        {error && (
          <p role="alert" className="text-sm text-[var(--danger)]">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
