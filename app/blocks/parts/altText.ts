/**
 * The alt text of an image inside a link that already shows `title`: empty when the alt
 * would only repeat the title (screen readers would read it twice), else the alt.
 */
export function altBeside(alt: string, title: string): string {
  return alt.trim().toLowerCase() === title.trim().toLowerCase() ? "" : alt;
}
