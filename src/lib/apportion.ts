/**
 * A rateio's arithmetic, the same rule as the database's private.apportion: a value in centavos
 * split in proportion to integer weights (centavos, or hundredths of a percent), exact to the
 * centavo. Each share is the floor of its exact value; the centavos left go one each to the largest
 * remainders, the earlier position first on a tie. In BigInt, so no product loses a digit.
 */
export function apportion(weights: readonly number[], valueCents: number): number[] {
  const big = weights.map((weight) => BigInt(Math.round(weight)));
  const total = big.reduce((sum, weight) => sum + weight, 0n);
  const value = BigInt(Math.abs(Math.round(valueCents)));
  const sign = valueCents < 0 ? -1 : 1;
  if (total <= 0n) return weights.map(() => 0);
  const parts = big.map((weight, position) => {
    const product = value * weight;
    const base = product / total;
    return { position, base, rest: product - base * total };
  });
  let leftOver = value - parts.reduce((sum, part) => sum + part.base, 0n);
  const byRest = [...parts].sort((a, b) =>
    a.rest === b.rest ? a.position - b.position : a.rest > b.rest ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const part of byRest) {
    if (leftOver <= 0n) break;
    extra.add(part.position);
    leftOver -= 1n;
  }
  return parts.map((part) => sign * Number(part.base + (extra.has(part.position) ? 1n : 0n)) || 0);
}
