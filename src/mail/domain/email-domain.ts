/** The destination domain of an address, lower-cased: what providers' limits and holds apply to. */
export function domainOf(address: string): string {
  return address
    .slice(address.lastIndexOf('@') + 1)
    .replace(/>\s*$/, '')
    .trim()
    .toLowerCase();
}
