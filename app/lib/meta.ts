/** The page title pattern: "{page} | {brand}". */
export function pageTitle(page: string | undefined, brand: string): string {
  return page ? `${page} | ${brand}` : brand;
}
