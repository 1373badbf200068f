/** Formatters by currency, made once each (Intl.NumberFormat is costly to build). */
const formatters = new Map<string, Intl.NumberFormat>();

/** A price in minor units (499) as the reader's locale writes it in that currency ($4.99, 4,99 €). */
export function formatMoney(minorUnits: number, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    formatters.set(currency, f);
  }
  return f.format(minorUnits / 100);
}
