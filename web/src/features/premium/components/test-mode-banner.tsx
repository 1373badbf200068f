/** The sandbox checkout's warning above the plans and the gem bundles. */
export function TestModeBanner() {
  return (
    <p role="status" data-testid="test-mode-banner" className="mb-4 rounded-xl border border-[var(--rating)]/40 bg-[var(--rating)]/10 px-4 py-3 text-sm">
      <strong className="tracking-wider">TEST MODE</strong> · payments go to the built-in sandbox checkout. No money moves.
    </p>
  );
}
