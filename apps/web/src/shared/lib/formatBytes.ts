const KB = 1024;
const MB = 1024 * 1024;

/** Megabytes in the interface language, one decimal below 10 MB ("3.2 MB", "1,024 MB"). */
export function formatMegabytes(bytes: number, language: string): string {
  const value = bytes / MB;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** A size in the interface language: kilobytes below a megabyte ("640 kB"), else megabytes. */
export function formatBytes(bytes: number, language: string): string {
  if (bytes >= MB) return formatMegabytes(bytes, language);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  }).format(Math.ceil(bytes / KB));
}
