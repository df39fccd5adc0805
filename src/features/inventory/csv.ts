// The CSV exports of stock and of movements: made in the browser from what the API returned and
// downloaded as a file (RFC 4180: every field quoted, quotes doubled, CRLF between lines).
const cell = (v: string | number | boolean | null) => `"${String(v ?? '').replaceAll('"', '""')}"`;

export function toCsv(
  header: readonly string[],
  rows: readonly (string | number | boolean | null)[][],
) {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
