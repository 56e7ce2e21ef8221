/** A folder setting in one spelling: '', '.' and './' are '.'; 'x/' and './x' are 'x'; '/' stays '/'. */
export function normaliseFolder(folder: string): string {
  const trimmed = folder.trim();
  if (/^\/+$/.test(trimmed)) return '/';
  const cleaned = trimmed.replace(/\/+$/, '').replace(/^(\.\/)+/, '');
  return cleaned === '' ? '.' : cleaned;
}
