// Minutes by bedroom count as typed in the cleaning-type form.
/** '75, 105, 135' -> [75, 105, 135]; null when not a list of whole minutes (5 to 1440). */
export function parseMinutes(text: string): number[] | null {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  if (parts.length === 0 || parts.length > 12) return null;
  const values = parts.map(Number);
  return values.every((n) => Number.isInteger(n) && n >= 5 && n <= 1440) ? values : null;
}
