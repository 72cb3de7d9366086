// Weights (pounds) and volumes as the delivery rules and the carriers read them.

/** Measures are compared and sent to three decimals. */
export const roundMeasure = (value: number) => Math.round(value * 1000) / 1000

/** Splits a shipment's weight into packages of at most `maxPerPackage` pounds (at least one package). */
export function splitIntoPackages(weight: number, maxPerPackage: number): number[] {
  const total = Math.max(0, weight)
  const count = Math.max(1, Math.ceil(roundMeasure(total) / maxPerPackage))
  const packages: number[] = []
  let left = roundMeasure(total)
  for (let i = 0; i < count; i++) {
    const part = i === count - 1 ? left : maxPerPackage
    packages.push(roundMeasure(part))
    left = roundMeasure(left - part)
  }
  return packages
}
